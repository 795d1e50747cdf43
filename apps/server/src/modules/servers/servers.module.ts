import { defineModule } from '../../lib/module';

/** The servers' presence and shared secrets (decision 081): main.ts and app.ts use them directly; nothing to register. */
export const serversModule = defineModule({ name: 'servers' });
