import { App } from '../src/app.tsx';

App({ s: { r: 1 } });
