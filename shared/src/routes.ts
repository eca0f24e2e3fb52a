/**
 * The route table of spec §2 and who owns each route (ARCHITECTURE.md "Routes and who owns them").
 * The server builds the default remotes.json from it; the shell uses remotes.json at run time
 * (so an environment can re-point a remote) and tests use this table to prove every spec route
 * resolves to its owner.
 */
export const REMOTE_NAMES = ['mf_account', 'mf_funds', 'mf_trade', 'mf_ipo', 'mf_copytrade', 'mf_admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Folder (and npm workspace) of each remote; also the URL segment it is published under. */
export const REMOTE_FOLDERS: Record<RemoteName, string> = {
  mf_account: 'mf-account',
  mf_funds: 'mf-funds',
  mf_trade: 'mf-trade',
  mf_ipo: 'mf-ipo',
  mf_copytrade: 'mf-copytrade',
  mf_admin: 'mf-admin',
};

export const ROUTE_OWNERS: Record<RemoteName, readonly string[]> = {
  mf_account: [
    '/login/start',
    '/login/logon',
    '/login/register',
    '/login/login',
    '/login/loginAfter',
    '/mine/index',
    '/mine/protocol',
    '/mine/message',
    '/mine/messageInfo',
    '/mine/loginPassword',
    '/mine/fundPassword',
    // Two-step verification, passkeys and signed-in devices (ADR 0027; not in the spec).
    '/mine/security',
    '/mine/bank',
    '/mine/bankAdd',
    '/mine/verified',
    '/mine/about',
    '/mine/privacy',
    '/mine/language',
    '/mine/changeLang',
    '/news/index',
    '/news/info',
  ],
  mf_funds: [
    '/mine/stored',
    '/mine/deposit',
    '/mine/withdraw',
    '/mine/exchange',
    '/mine/loan',
    '/mine/loanOrder',
    '/mine/lending',
    '/mine/transactionRecords',
  ],
  mf_trade: [
    '/home/index',
    '/home/home',
    '/quotes/search',
    '/quotes/info',
    '/quotes/self',
    '/position/index',
    '/position/info',
    '/position/portfolio',
  ],
  mf_ipo: [
    '/home/newShare',
    '/home/newShareInfo',
    '/mine/newShareOrder',
    '/home/large',
    '/home/largeQc',
    '/home/large2',
    '/home/large3',
    '/home/large4',
    '/home/largeInfo',
  ],
  mf_copytrade: ['/home/qcList', '/home/follow', '/mine/followOrder', '/home/withinDays'],
  // The back office (issue 14): not in the spec; administrators only (the shell gates it on the server's roles).
  mf_admin: [
    '/admin/index',
    '/admin/deposits',
    '/admin/withdrawals',
    '/admin/realnames',
    '/admin/loans',
    '/admin/block',
    '/admin/daytrade',
    '/admin/audit',
    '/admin/approvals',
    '/admin/users',
    // Catalogues and settings (issue 14): mf-admin features/catalogues.
    '/admin/newShares',
    '/admin/blockListings',
    '/admin/copyProducts',
    '/admin/rates',
    '/admin/config',
    '/admin/news',
  ],
};

/** The remotes of the user-facing app (spec §2); mf_admin's back office is not part of the spec. */
export const SPEC_REMOTES = REMOTE_NAMES.filter((r) => r !== 'mf_admin');

/** Every route path of spec §2 (plus /mine/exchange, added by ARCHITECTURE.md). */
export const SPEC_ROUTES: readonly string[] = SPEC_REMOTES.flatMap((r) => ROUTE_OWNERS[r]);

/** Routes a visitor without a session may open; every other route sends them to /login/login. */
export const PUBLIC_ROUTES: readonly string[] = [
  '/login/start',
  '/login/logon',
  '/login/register',
  '/login/login',
  '/mine/language',
  '/mine/changeLang',
  '/mine/protocol',
  '/mine/privacy',
  '/mine/about',
];

/** The back office's paths: every one of them is for administrators only (ARCHITECTURE.md). */
export const ADMIN_PREFIX = '/admin/';

/** The owner of a path, or undefined when no remote owns it. */
export function ownerOf(path: string): RemoteName | undefined {
  const clean = path.split('?')[0]!.replace(/\/+$/, '') || '/';
  return REMOTE_NAMES.find((r) => ROUTE_OWNERS[r].includes(clean));
}

/** Bottom menu (ARCHITECTURE.md): five tabs; labels are keys of the common i18n namespace. */
export const BOTTOM_MENU = [
  { path: '/home/index', labelKey: 'menu.home', icon: 'home' },
  { path: '/home/home', labelKey: 'menu.quotes', icon: 'quotes' },
  { path: '/position/index', labelKey: 'menu.trade', icon: 'trade' },
  { path: '/mine/transactionRecords', labelKey: 'menu.records', icon: 'records' },
  { path: '/news/index', labelKey: 'menu.news', icon: 'news' },
] as const;

/** The special link target that opens the customer-service link (site config `kefu`) instead of a route. */
export const CUSTOMER_SERVICE_TARGET = 'customer-service';
