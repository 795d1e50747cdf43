/** The Idea Pins (story_pins) and Videos (video_pins) tabs of a profile: loaded when opened. */
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { PinFeed } from '../../features/feeds/components/PinFeed';
import * as TEXTS from '../../lib/allTexts';

export function MediaTab({ tab, username, name }: { tab: 'story_pins' | 'video_pins'; username: string; name: string }) {
  const stories = tab === 'story_pins';
  return (
    <PinFeed
      source={{ kind: stories ? 'stories' : 'videos', username }}
      label={stories ? TEXTS.profilePage.storyPins : TEXTS.profilePage.videoPins}
      empty={<EmptyState>{stories ? TEXTS.video.storyPinsEmpty(name) : TEXTS.video.videoPinsEmpty(name)}</EmptyState>}
    />
  );
}
