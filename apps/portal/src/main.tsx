import './index.css';
import { startPortal } from './app/start-portal.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void startPortal(container);
