/*
 * What the web app says of Pins below every feature, beside the answers'
 * types (./answers): the image sizes it asks for and a bulk selection.
 */

export type PinImageSize = '170x' | '236x' | '474x' | '736x' | '1200x' | 'orig';

/** Which Pins of a board (or section) a bulk action covers: listed ones, or all but the excluded. */
export type PinSelection = { select_all: true; excluded_pin_ids: string[] } | { select_all?: false; pin_ids: string[] };
