/** Background colours for avatars without an image, picked by a profile's avatar_color_index (the web's avatars, Pincodes). */
const AVATAR_COLORS = ['#0076d3', '#0a7c42', '#b8860b', '#7b2cbf', '#c2185b', '#00796b', '#5d4037', '#e60023'] as const;

export const avatarColor = (index: number): string => AVATAR_COLORS[Math.abs(Math.trunc(index)) % AVATAR_COLORS.length]!;
