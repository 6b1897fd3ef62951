import '../common/zod-jitless';
import './styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './AdminApp';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <AdminApp apiBaseUrl="" basename="/admin" />
  </StrictMode>,
);
