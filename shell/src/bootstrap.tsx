import { createRoot } from 'react-dom/client';
import { createInstance } from '@module-federation/enhanced/runtime';
void createInstance;
createRoot(document.getElementById('root')!).render(<div>shell</div>);
