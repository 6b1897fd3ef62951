// The desktop renderer's entry: the admin screens' styles, the bridge, the app.
import '../../../web/src/admin/styles';
import './desktop.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { resolveBridge } from './bridge';
import { DesktopApp } from './DesktopApp';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <DesktopApp bridge={resolveBridge()} />
  </StrictMode>,
);
