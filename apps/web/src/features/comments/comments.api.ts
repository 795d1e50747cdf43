import type { TPinCommentOut } from '@pinboard/shared/schemas/comments';
import { api, type ApiResult } from '../../lib/api';

export type PinComment = TPinCommentOut;

/** PinCommentsResource get: a page of a Pin's top-level comments, newest first; with `parentId`, that comment's replies, oldest first. */
export async function fetchComments(pinId: string, bookmark: string | null, signal?: AbortSignal, parentId?: string): Promise<ApiResult<PinComment[]>> {
  return api.resource('PinCommentsResource', 'get', { pin_id: pinId, ...(parentId ? { parent_id: parentId } : {}), ...(bookmark ? { bookmark } : {}) }, signal);
}

/** A comment, or with `parentId` a reply (decision 090). */
export async function createComment(pinId: string, text: string, parentId?: string): Promise<PinComment> {
  return (await api.resource('PinCommentResource', 'create', { pin_id: pinId, text, ...(parentId ? { parent_id: parentId } : {}) })).data;
}

/** PinCommentReactionResource: a heart on a comment, or none. */
export async function setCommentHeart(commentId: string, on: boolean) {
  return (await api.resource('PinCommentReactionResource', on ? 'create' : 'delete', { comment_id: commentId })).data;
}

export async function deleteComment(commentId: string): Promise<void> {
  await api.resource('PinCommentResource', 'delete', { comment_id: commentId });
}

export async function reportComment(commentId: string, reason: string): Promise<void> {
  await api.resource('PinCommentReportResource', 'create', { comment_id: commentId, reason });
}

/** PinResource update `comments_enabled`: the Pin's owner turns its comments on or off. */
export async function setPinComments(pinId: string, enabled: boolean) {
  return (await api.resource('PinResource', 'update', { id: pinId, comments_enabled: enabled })).data;
}
