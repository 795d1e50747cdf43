/**
 * MEDIA_PUBLIC_URL (decision 052): answers name public images at the CDN host, which fetches them
 * from this server's /media/ as a signed-out visitor would. An image goes there when the answer
 * is for a signed-out viewer (all it may see is public) or when the media policy already knows
 * the image public; any other stays on this server, where the viewer's cookie reaches it. Stored
 * URLs stay `/media/…`: only the answer changes. Videos and their playlists stay here.
 */
import { mediaBaseFromKey } from '../../media-pipeline/store-image';

/** A stored image URL as it appears in a JSON answer: the quoted `/media/` path of one rendition. */
const IMAGE_URL = /"\/media\/([0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{32}_[0-9a-z]{3,5}\.(?:jpg|png|webp|gif))"/g;

export function publicMediaUrls(mediaPublicUrl: string, knownPublic: (mediaBase: string) => boolean) {
  const prefix = `"${mediaPublicUrl}/media/`;
  return (json: string, signedOut: boolean): string => {
    if (!json.includes('"/media/')) return json;
    return json.replace(IMAGE_URL, (whole, key: string) => {
      const base = mediaBaseFromKey(key);
      return base !== null && (signedOut || knownPublic(base)) ? `${prefix}${key}"` : whole;
    });
  };
}
