import { zExperienceAction, zExperiencesGet } from '@pinboard/shared/schemas/experiences';
import { action, type ResourceRegistry } from '../../lib/resources';
import type { Services } from '../../services';

export function registerExperienceResources(registry: ResourceRegistry, s: Pick<Services, 'experiences'>) {
  registry.add({
    name: 'ExperiencesResource',
    description: "The viewer's current experience (education tooltip or pulsar) at a placement; null when none or signed out.",
    actions: {
      get: action({
        summary: 'The current experience at a placement',
        options: zExperiencesGet,
        auth: 'optional',
        handler: (ctx, o) => s.experiences.current(ctx, o.placement_id),
      }),
    },
  });
  registry.add({
    name: 'ExperienceResource',
    description: 'Complete or dismiss an experience, so it does not show again.',
    actions: {
      create: action({
        summary: 'Complete an experience',
        options: zExperienceAction,
        auth: 'required',
        handler: (ctx, o) => s.experiences.answer(ctx, o.placement_id, o.experience_id, 'completed'),
      }),
      update: action({
        summary: 'Complete an experience',
        options: zExperienceAction,
        auth: 'required',
        handler: (ctx, o) => s.experiences.answer(ctx, o.placement_id, o.experience_id, 'completed'),
      }),
      delete: action({
        summary: 'Dismiss an experience',
        options: zExperienceAction,
        auth: 'required',
        handler: (ctx, o) => s.experiences.answer(ctx, o.placement_id, o.experience_id, 'dismissed'),
      }),
    },
  });
}
