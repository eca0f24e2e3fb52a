/**
 * @jest-environment jsdom
 */
import '@testing-library/jest-dom';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs, tabScrollLeft, type TabItem } from './tabs';

const ITEMS: ReadonlyArray<TabItem> = [
  { key: 'holdings', label: 'Holdings' },
  { key: 'orders', label: 'Orders' },
  { key: 'ipo', label: 'Subscriptions' },
  { key: 'copy', label: 'Copy trading' },
  { key: 'lending', label: 'Lending' },
];
/** Each tab 100 px wide in a list 250 px wide (jsdom has no layout: the sizes are given to the elements). */
const TAB_WIDTH = 100;
const LIST_WIDTH = 250;

function giveLayout(list: HTMLElement) {
  Object.defineProperty(list, 'clientWidth', { configurable: true, value: LIST_WIDTH });
  Object.defineProperty(list, 'scrollWidth', { configurable: true, value: TAB_WIDTH * ITEMS.length });
  list.querySelectorAll<HTMLElement>('[role="tab"]').forEach((tab, i) => {
    Object.defineProperty(tab, 'offsetLeft', { configurable: true, value: i * TAB_WIDTH });
    Object.defineProperty(tab, 'offsetWidth', { configurable: true, value: TAB_WIDTH });
  });
}

function Harness({ initial, layout }: { initial: string; layout: 'fill' | 'scroll' }) {
  const [value, setValue] = useState(initial);
  return <Tabs items={ITEMS} value={value} onChange={setValue} label="Lists" layout={layout} />;
}

describe('tabScrollLeft', () => {
  const list = { scrollLeft: 0, clientWidth: LIST_WIDTH, scrollWidth: 500 };
  it('leaves a tab already in view where it is', () => {
    expect(tabScrollLeft(list, { offsetLeft: 100, offsetWidth: 100 })).toBeUndefined();
  });
  it('scrolls forward to show a hidden tab whole, with the room to show the next one', () => {
    // the 4th tab ends at 400; 32 px beyond it, the list 250 wide
    expect(tabScrollLeft(list, { offsetLeft: 300, offsetWidth: 100 })).toBe(182);
    // the last tab: no more than the end of the list
    expect(tabScrollLeft(list, { offsetLeft: 400, offsetWidth: 100 })).toBe(250);
  });
  it('scrolls back to show a tab hidden at the start', () => {
    expect(tabScrollLeft({ ...list, scrollLeft: 250 }, { offsetLeft: 100, offsetWidth: 100 })).toBe(68);
    expect(tabScrollLeft({ ...list, scrollLeft: 250 }, { offsetLeft: 0, offsetWidth: 100 })).toBe(0);
  });
  it('shows a tab wider than the list from its start', () => {
    expect(tabScrollLeft({ ...list, scrollWidth: 800 }, { offsetLeft: 300, offsetWidth: 400 })).toBe(268);
  });
});

describe('Tabs', () => {
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    // jsdom has no scrollTo on elements (nor scrolling): this one moves scrollLeft, and the spy records the calls
    Object.defineProperty(HTMLElement.prototype, 'scrollTo', {
      configurable: true,
      writable: true,
      value(this: HTMLElement, options: { left: number }) {
        Object.defineProperty(this, 'scrollLeft', { configurable: true, value: options.left });
      },
    });
    scrollTo = jest.spyOn(HTMLElement.prototype, 'scrollTo');
  });
  afterEach(() => {
    scrollTo.mockRestore();
    delete (HTMLElement.prototype as { scrollTo?: unknown }).scrollTo;
  });

  it('keeps the selected tab of a sideways list in view as it changes by keys', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Harness initial="holdings" layout="scroll" />);
    giveLayout(screen.getByRole('tablist'));
    rerender(<Harness initial="holdings" layout="scroll" />);
    expect(scrollTo).not.toHaveBeenCalled();
    screen.getByRole('tab', { name: 'Holdings' }).focus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Lending' })).toHaveAttribute('aria-selected', 'true');
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 250 });
    await user.keyboard('{Home}');
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 0 });
  });

  it('scrolls a list opened on a later tab to it', () => {
    // the sizes must be there at the first render: given on the prototypes for this test, then put back
    const saved = new Map<string, PropertyDescriptor | undefined>();
    const give = (key: string, descriptor: PropertyDescriptor) => {
      saved.set(key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key));
      Object.defineProperty(HTMLElement.prototype, key, { configurable: true, ...descriptor });
    };
    give('clientWidth', { value: LIST_WIDTH });
    give('scrollWidth', { value: TAB_WIDTH * ITEMS.length });
    give('offsetWidth', { value: TAB_WIDTH });
    give('offsetLeft', {
      get(this: HTMLElement) {
        return this.getAttribute('role') === 'tab' ? ITEMS.findIndex((i) => this.id.endsWith(i.key)) * TAB_WIDTH : 0;
      },
    });
    try {
      render(<Harness initial="copy" layout="scroll" />);
      expect(scrollTo).toHaveBeenCalledWith({ left: 182 });
    } finally {
      for (const [key, descriptor] of saved) {
        if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
        else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
      }
    }
  });

  it('never scrolls a list that fills its width', () => {
    render(<Harness initial="copy" layout="fill" />);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
