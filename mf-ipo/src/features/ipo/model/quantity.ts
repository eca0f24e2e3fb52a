/** Options of a plural "{{quantity}} shares" text (shared/money). */
export { shareCount } from 'shared/money';
