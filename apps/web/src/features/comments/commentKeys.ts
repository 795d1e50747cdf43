/** The query keys of comments: a comment's replies sit under its Pin's list, so refreshing the list refreshes them. */
export const commentKeys = {
  all: ['comments'] as const,
  list: (pinId: string) => ['comments', pinId] as const,
  replies: (pinId: string, parentId: string) => ['comments', pinId, 'replies', parentId] as const,
};
