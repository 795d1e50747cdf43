import { zTodayArticleCreate, zTodayArticleDelete, zTodayArticleGet, zTodayArticles, zTodayArticleUpdate } from '@pinboard/shared/schemas/topics';
import { action, pagedAction, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';

export function registerTodayResources(registry: ResourceRegistry, s: Pick<Services, 'today'>) {
  registry.add({
    name: 'TodayArticleResource',
    description:
      'A Today article (/today/{kind}/{slug}/{id}/): title, body and the Pins you may see. Staff write, change and delete them. 404 for an unknown id.',
    actions: {
      get: action({ summary: 'Read a Today article', options: zTodayArticleGet, handler: (ctx, o) => s.today.get(ctx, o.id) }),
      create: action({ summary: 'Write a Today article (staff)', options: zTodayArticleCreate, auth: 'required', handler: (ctx, o) => s.today.create(ctx, o) }),
      update: action({
        summary: 'Change a Today article (staff)',
        options: zTodayArticleUpdate,
        auth: 'required',
        handler: (ctx, o) => s.today.update(ctx, o.id, o),
      }),
      delete: action({
        summary: 'Delete a Today article (staff)',
        options: zTodayArticleDelete,
        auth: 'required',
        handler: (ctx, o) => s.today.remove(ctx, o.id),
      }),
    },
  });

  registry.add({
    name: 'TodayArticlesResource',
    description: 'The /today/ index: the latest Today articles, newest first.',
    actions: {
      get: pagedAction({
        summary: 'Read the latest Today articles',
        options: zTodayArticles,
        read: (ctx, o, page) => s.today.latest(ctx, page),
      }),
    },
  });
}
