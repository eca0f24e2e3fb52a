/**
 * The list root this device first saw for an issue (ADR 0016, amendment): the root is published at the close,
 * before the seed; remembering it here lets the screen notice a list rewritten afterwards together with its
 * root (the server answering another root later). Stored in localStorage, as the session and theme are.
 */
const keyOf = (issueId: number) => `ipo.listRoot.${issueId}`;
const HEX64 = /^[0-9a-f]{64}$/;

/** Answers the root first seen on this device for the issue, remembering `root` when none was. */
export function witnessRoot(issueId: number, root: string): string {
  try {
    const seen = globalThis.localStorage?.getItem(keyOf(issueId));
    if (seen && HEX64.test(seen)) return seen;
    globalThis.localStorage?.setItem(keyOf(issueId), root);
  } catch {
    // Storage refused (private mode, quota): nothing remembered, the published root is all there is.
  }
  return root;
}
