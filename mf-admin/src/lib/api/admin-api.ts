import { baseApi } from 'shared/api';

/** The tag of every back-office list: a review invalidates it, so the queue and the dashboard counts refresh. */
export const ADMIN_TAG = 'AdminQueue';

/** The one RTK Query API with this remote's tag added (`enhanceEndpoints` keeps the shared singleton). */
export const adminApi = baseApi.enhanceEndpoints({ addTagTypes: [ADMIN_TAG] });
