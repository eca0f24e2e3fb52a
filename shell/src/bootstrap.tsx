import './styles/tokens.css';
import '../../shared/src/ui/ds.css';
import './styles/shell.css';
import { start } from './app/start';

void start(document.getElementById('root')!);
