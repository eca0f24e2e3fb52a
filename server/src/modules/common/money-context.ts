/** What every money service is built with: the database and the app's injectable clock. */
import type { Database } from '../../db/database';

export interface MoneyContext {
  db: Database;
  now: () => Date;
}

/** Back-office list paging. */
export const ADMIN_PAGE_SIZE = 20;
