/** The bottom menu: five tabs from remotes.json, active tab highlighted, 44 px targets. */
import type { MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/services';
import { Icon } from './icons';

/** Which tab a screen belongs to when it is not a tab itself (detail screens). */
const SECTION_TAB: ReadonlyArray<[prefix: string, tab: string]> = [
  ['/quotes/', '/home/home'],
  ['/position/', '/position/index'],
  ['/news/', '/news/index'],
  ['/home/', '/home/index'],
];

export function activeTab(pathname: string, tabs: readonly string[]): string | undefined {
  if (tabs.includes(pathname)) return pathname;
  const section = SECTION_TAB.find(([prefix]) => pathname.startsWith(prefix));
  return section && tabs.includes(section[1]) ? section[1] : undefined;
}

export function BottomMenu() {
  const { t } = useTranslation('common');
  const { registry, preloadPath } = useServices();
  const { pathname } = useLocation();
  const active = activeTab(
    pathname,
    registry.menu.map((m) => m.path),
  );
  return (
    <nav className="sh-menu" aria-label={t('menu.label')}>
      <ul className="sh-menu__list">
        {registry.menu.map((item) => {
          const current = item.path === active;
          // Navigating to the current route is silent: no new history entry, nothing reloads.
          const onClick = (e: MouseEvent) => {
            if (item.path === pathname) e.preventDefault();
          };
          return (
            <li key={item.path} className="sh-menu__item">
              <Link
                to={item.path}
                className={current ? 'sh-menu__link sh-menu__link--active' : 'sh-menu__link'}
                aria-current={current ? 'page' : undefined}
                onClick={onClick}
                onPointerEnter={() => preloadPath(item.path)}
                onFocus={() => preloadPath(item.path)}
              >
                <Icon name={item.icon} />
                <span className="sh-menu__label">{t(item.labelKey)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
