export type InterpolationValues = Readonly<Record<string, string | number>>;

/**
 * Replaces `{name}` placeholders with values, e.g.
 * interpolate('Please enter no more than {maxLength} characters.', { maxLength: 50 }).
 * A placeholder without a value is left as it is.
 */
export function interpolate(template: string, values: InterpolationValues = {}): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    if (!Object.hasOwn(values, name)) return placeholder;
    return String(values[name]);
  });
}
