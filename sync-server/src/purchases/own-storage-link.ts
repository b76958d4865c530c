// The link a purchase's e-mail and phone page send is only ever a folder on this
// product's own storage. A kiosk may save only the folder the server made for the purchase
// (manage-purchase.ts); an admin correcting a link may save any folder of the configured storage:
// a Google Drive folder (https://drive.google.com/drive/folders/{id}) with Drive, this server's own
// share page (PUBLIC_URL/d/{folderId}) with local or S3 storage. Never an arbitrary address.
import type { StorageProvider } from '../adapters/ports.ts';

const FOLDER_ID = '[A-Za-z0-9_-]{1,200}';
const DRIVE_FOLDER = new RegExp(`^/drive/(?:u/\\d{1,2}/)?folders/${FOLDER_ID}/?$`);
const SHARE_PAGE = new RegExp(`^/d/${FOLDER_ID}$`);

/**
 * Whether `link` is a folder of the configured storage. With none configured (storage switched off
 * since), either kind the product makes, and nothing else.
 */
export function isOwnStorageLink(link: string, storage: Pick<StorageProvider, 'name'> | undefined, publicUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash) return false;
  const drive = () =>
    url.protocol === 'https:' &&
    url.host === 'drive.google.com' &&
    DRIVE_FOLDER.test(url.pathname) &&
    /^(\?usp=[a-z_]+)?$/.test(url.search);
  const sharePage = () => {
    const own = new URL(publicUrl);
    const basePath = own.pathname.replace(/\/+$/, '');
    return (
      url.origin === own.origin &&
      url.search === '' &&
      url.pathname.startsWith(`${basePath}/`) &&
      SHARE_PAGE.test(url.pathname.slice(basePath.length))
    );
  };
  if (storage?.name === 'google-drive') return drive();
  if (storage?.name === 'local' || storage?.name === 's3') return sharePage();
  return drive() || sharePage();
}
