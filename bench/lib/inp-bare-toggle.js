// The bare React 19 page with one button whose click toggles state (the reference of bench/inp.bench.mjs).
import { createElement as h, useState } from 'react';
import { createRoot } from 'react-dom/client';

function Toggle() {
  const [on, setOn] = useState(false);
  return h(
    'main',
    null,
    h('h1', null, 'Hello'),
    h('button', { type: 'button', 'aria-pressed': on, onClick: () => setOn((v) => !v) }, on ? 'Long' : 'Short'),
    h('p', null, on ? 'Buy long' : 'Sell short'),
  );
}

createRoot(document.getElementById('root')).render(h(Toggle));
