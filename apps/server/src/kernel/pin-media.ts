/**
 * A Pin's stored media as much as removing it needs (decision 070): the
 * modules that remove Pins (boards' purge, bulk deletes, pins) read it, and
 * pins' `removeUnusedMedia` deletes what no remaining Pin uses. Here, below
 * them all, so that a board's purge can hand it on without importing pins.
 */
export interface RemovableMedia {
  media_base: string;
  images: Record<string, { url: string }> | null;
  video_status?: string | null;
  video?: { keys: string[] } | null;
  /** A video Pin's captions file (under its media base). */
  captions?: { key: string } | null;
  /** An idea Pin's pages, each with its own media. */
  story_pin_data?: { pages: { media: { media_base: string; images: Record<string, { url: string }>; video: { keys: string[] } | null } | null }[] } | null;
}
