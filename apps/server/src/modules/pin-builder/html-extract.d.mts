/** Types of html-extract.mjs (plain JavaScript so that the parse worker needs no TypeScript loader). */

export interface Wants {
  /** <meta> tags whose property, name or itemprop (trimmed, lower-cased) is one of these, or starts with one of the prefixes. */
  metaKeys?: { exact: readonly string[]; prefixes: readonly string[] };
  images?: boolean;
  title?: boolean;
  base?: boolean;
}

export type MetaAttributes = Partial<Record<'property' | 'name' | 'itemprop' | 'content', string>>;
export type ImgAttributes = Partial<
  Record<'src' | 'srcset' | 'data-srcset' | 'data-src' | 'data-lazy-src' | 'data-original' | 'data-url' | 'width' | 'height' | 'alt' | 'style', string>
>;

/** Attribute values and the title are decoded (character references replaced), otherwise as written. */
export interface Extracted {
  /** The first <title> outside <svg> and <template>; null when there is none. */
  title: string | null;
  /** The first <base> with an href. */
  baseHref: string | null;
  metas: MetaAttributes[];
  imgs: ImgAttributes[];
  /** Whether anything was left unread for a limit (input, tags, characters). */
  truncated: boolean;
}

export declare const LIMITS: Readonly<{
  inputChars: number;
  attributeChars: number;
  titleChars: number;
  metas: number;
  imgs: number;
  keptChars: number;
}>;

export declare function extractFromHtml(input: string, wants?: Wants): Extracted;
