// The entry: asks the kiosk's first questions of the server, then loads and starts the app
// (start.tsx). Kept this small so the requests leave before React and the app are even evaluated
// (kiosk/boot-requests.ts says why that matters).
// The shared sheets come first, so each component's own sheet (imported with the component) follows
// them in the bundle and wins over them where both style one element.
import './styles/tokens.css';
import './styles/base.css';
import './styles/kiosk-shared.css';
import { setCredentialSources } from './lib/api-client.ts';
import { getDeviceId } from './lib/device-identity.ts';
import { askAtBoot, isKioskPath } from './kiosk/boot-requests.ts';
import { idbKv, PERSISTED_QUERIES_KEY } from './offline/idb-kv.ts';

setCredentialSources({ deviceId: getDeviceId });
askAtBoot(window.location.pathname, getDeviceId());
// The persisted answers are read meanwhile, for the app to find them read when it asks.
if (isKioskPath(window.location.pathname)) idbKv.preload(PERSISTED_QUERIES_KEY);
void import('./start.tsx');
