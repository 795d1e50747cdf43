import { EmptyState } from '../../../components/EmptyState/EmptyState';
import { PinFeed } from '../../feeds/components/PinFeed';
import { profileName } from '../components/ProfileHeader';
import type { ProfileDetails } from '../profile.api';
import { TEXTS } from '../../../lib/allTexts';

/**
 * The Idea Pins and Videos tabs of a profile (/{username}/story_pins/,
 * /{username}/video_pins/): UserStoryPinsResource and UserVideoPinsResource,
 * newest first; a chunk of its own, loaded when one of them is opened.
 */
export function MediaPinsTab({ profile, only }: { profile: ProfileDetails; only: 'stories' | 'videos' }) {
  const name = profileName(profile);
  return (
    <PinFeed
      source={{ kind: only, username: profile.username }}
      label={only === 'stories' ? TEXTS.video.storyPinsTitle : TEXTS.video.videoPinsTitle}
      empty={<EmptyState>{only === 'stories' ? TEXTS.video.storyPinsEmpty({ name }) : TEXTS.video.videoPinsEmpty({ name })}</EmptyState>}
    />
  );
}
