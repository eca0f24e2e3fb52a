// The baseline of `npm run bench`: React 19 rendering one heading, nothing else.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(createElement('h1', null, 'Hello'));
