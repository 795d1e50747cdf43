/** The query keys of comments. */
export const commentKeys = {
  all: ['comments'] as const,
  list: (pinId: string) => ['comments', pinId] as const,
};
