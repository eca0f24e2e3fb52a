import { isMessageKey } from './keys';

/** What a validation issue says, in the words the server answers with. */
export interface IssueRefusal {
  /** A catalogue key: the issue's own message when it is one, else `field_invalid`. */
  key: string;
  /** The field's path, dot-joined (`''` for the body as a whole). */
  field: string;
  /** Placeholders of the catalogue text: `{{field}}` of field_invalid, `{{min}}`, `{{max}}`. */
  values: Record<string, string>;
}

/** The part of a zod issue the rule reads (kept structural so this module imports no zod). */
export interface IssueLike {
  message: string;
  path: readonly PropertyKey[];
  minimum?: unknown;
  maximum?: unknown;
}

/**
 * One zod issue of a contract schema as a refusal. The server answers a malformed request with it
 * and the remotes' forms show it before sending, so both say the same thing about the same input.
 */
export function issueRefusal(issue: IssueLike): IssueRefusal {
  const field = issue.path.map(String).join('.');
  const key = isMessageKey(issue.message) ? issue.message : 'field_invalid';
  const values: Record<string, string> = {};
  if (key === 'field_invalid') values.field = field || 'body';
  if (issue.minimum !== undefined && issue.minimum !== null) values.min = String(issue.minimum);
  if (issue.maximum !== undefined && issue.maximum !== null) values.max = String(issue.maximum);
  return { key, field, values };
}
