/** Dates and times: the one shared format (`YYYY-MM-DD HH:mm`, local time) from remote-kit. */
export { formatDateTime } from 'shared/remote-kit';
