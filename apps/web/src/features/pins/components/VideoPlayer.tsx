/**
 * The video player of the closeup (and of idea Pin pages). Its state is the
 * spec's ten playback states (docs/product/logged-out-and-business.md §4), driven by the
 * media element's events through `nextPlaybackState`; a failure shows the
 * media error's message and a retry. HLS plays natively where the browser
 * can, else through hls.js (loaded only then), else the MP4.
 *
 * Keyboard: Space or K plays and pauses, arrows seek 5 s, M mutes, F goes
 * full screen; every control is a real button or slider.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { MEDIA_ERROR_CODES, nextPlaybackState, VIDEO_PLAYBACK_STATES, type VideoPlaybackState } from '@pinboard/shared/constants/video';
import { Icon } from '../../../components/Icon/AllIcons';
import type { PinVideos } from '../../../lib/answers';
import { formatDuration } from './VideoOverlay';
import { useMediaQuery } from '../../../lib/useMediaQuery';
import { TEXTS } from '../../../lib/allTexts';
import styles from './VideoPlayer.module.css';

const EVENTS = [
  'loadstart',
  'loadedmetadata',
  'loadeddata',
  'playing',
  'pause',
  'seeking',
  'seeked',
  'waiting',
  'stalled',
  'canplay',
  'error',
  'ended',
  'timeupdate',
  'volumechange',
] as const;

type HlsLike = {
  loadSource(url: string): void;
  attachMedia(m: HTMLMediaElement): void;
  destroy(): void;
  on(e: string, f: (e: unknown, d: { fatal?: boolean; type?: string }) => void): void;
};

export interface VideoPlayerProps {
  videos: PinVideos;
  title: string;
  /** Muted, looping, no controls: a GIF (embedType gif), its one MP4; under reduced motion its poster, played on click. */
  gif?: boolean;
  autoPlay?: boolean;
  captionsUrl?: string | null;
  /** The captions' language tag. */
  captionsLanguage?: string | null;
  /** Fill the frame (idea Pin pages). */
  cover?: boolean;
}

export function VideoPlayer({ videos, title, gif = false, autoPlay = false, captionsUrl = null, captionsLanguage = null, cover = false }: VideoPlayerProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<VideoPlaybackState>('default');
  const [seen, setSeen] = useState<VideoPlaybackState[]>(['default']);
  const [errorCode, setErrorCode] = useState<number | null>(null);
  const [time, setTime] = useState(0);
  const [muted, setMuted] = useState(gif || autoPlay);
  const [attempt, setAttempt] = useState(0);
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [captionsOn, setCaptionsOn] = useState(true);
  const list = videos.video_list;
  const duration = list.V_720P.duration / 1000;

  const go = useCallback((next: VideoPlaybackState | null) => {
    if (!next) return;
    setState(next);
    setSeen((s) => (s[s.length - 1] === next ? s : [...s.slice(-30), next]));
  }, []);

  // The source: native HLS, else hls.js where Media Source Extensions exist, else the MP4.
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let hls: HlsLike | null = null;
    let cancelled = false;
    if (gif) {
      // A GIF is one short MP4 (its renditions all name it).
      video.src = list.V_720P.url;
    } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = list.V_HLSV4.url;
    } else if (typeof window !== 'undefined' && 'MediaSource' in window) {
      void import('hls.js/light')
        .then(({ default: Hls }) => {
          if (cancelled || !ref.current) return;
          if (!Hls.isSupported()) {
            ref.current.src = list.V_720P.url;
            return;
          }
          // No worker: the page's CSP allows no blob: workers, and segments are small.
          const h = new Hls({ capLevelToPlayerSize: true, enableWorker: false }) as unknown as HlsLike;
          hls = h;
          h.on(Hls.Events.ERROR, (_e, data) => {
            if (!data.fatal) return;
            setErrorCode(
              data.type === 'networkError'
                ? MEDIA_ERROR_CODES.network
                : data.type === 'mediaError'
                  ? MEDIA_ERROR_CODES.decode
                  : MEDIA_ERROR_CODES.source_not_supported,
            );
            go('failed');
          });
          h.loadSource(list.V_HLSV4.url);
          h.attachMedia(ref.current);
        })
        .catch(() => {
          if (!cancelled && ref.current) ref.current.src = list.V_720P.url;
        });
    } else {
      video.src = list.V_720P.url;
    }
    return () => {
      cancelled = true;
      hls?.destroy();
    };
  }, [gif, list.V_HLSV4.url, list.V_720P.url, attempt, go]);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const on = (event: Event) => {
      const type = event.type;
      if (type === 'timeupdate') return setTime(video.currentTime);
      if (type === 'volumechange') return setMuted(video.muted);
      if (type === 'error') setErrorCode(video.error?.code ?? MEDIA_ERROR_CODES.source_not_supported);
      if (type === 'seeked' || type === 'canplay') {
        setState((s) => {
          if (s !== 'seeking' && s !== 'stalling') return s;
          const next = video.ended ? 'ended' : video.paused ? 'paused' : 'playing';
          setSeen((list) => [...list.slice(-30), next]);
          return next;
        });
        return;
      }
      setState((s) => {
        const next = nextPlaybackState(s, type);
        if (next && next !== s) setSeen((list) => [...list.slice(-30), next]);
        return next ?? s;
      });
    };
    for (const e of EVENTS) video.addEventListener(e, on);
    return () => {
      for (const e of EVENTS) video.removeEventListener(e, on);
    };
  }, [attempt]);

  // The captions toggle shows or hides the track (the browser's own menu may too).
  useEffect(() => {
    const track = ref.current?.textTracks[0];
    if (track) track.mode = captionsOn ? 'showing' : 'hidden';
  }, [captionsOn, captionsUrl, attempt]);

  const toggle = () => {
    const video = ref.current;
    if (!video) return;
    if (video.paused || video.ended) void video.play().catch(() => {});
    else video.pause();
  };
  const seekBy = (s: number) => {
    const video = ref.current;
    if (video) video.currentTime = Math.min(Math.max(0, video.currentTime + s), video.duration || duration);
  };
  const toggleMute = () => {
    if (ref.current) ref.current.muted = !ref.current.muted;
  };
  const fullscreen = () => {
    const frame = ref.current?.parentElement;
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame?.requestFullscreen?.().catch(() => {});
  };
  const retry = () => {
    setErrorCode(null);
    go('default');
    setAttempt((a) => a + 1);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (gif || (event.target as HTMLElement).tagName === 'INPUT') return;
    const key = event.key.toLowerCase();
    if (key === ' ' || key === 'k') toggle();
    else if (key === 'arrowleft') seekBy(-5);
    else if (key === 'arrowright') seekBy(5);
    else if (key === 'm') toggleMute();
    else if (key === 'f') fullscreen();
    else return;
    event.preventDefault();
  };

  const playing = state === 'playing' || state === 'stalling' || (state === 'seeking' && !ref.current?.paused);
  return (
    <div
      className={styles.player}
      data-cover={cover || undefined}
      data-state={state}
      data-state-number={VIDEO_PLAYBACK_STATES.indexOf(state)}
      data-states-seen={seen.join(' ')}
      role="group"
      aria-label={`${TEXTS.video.player}: ${title}`}
      onKeyDown={onKeyDown}
      style={{ aspectRatio: `${list.V_720P.width} / ${list.V_720P.height}` }}
    >
      <video
        key={attempt}
        ref={ref}
        className={styles.video}
        poster={list.V_720P.thumbnail}
        playsInline
        preload="metadata"
        muted={muted}
        loop={gif}
        autoPlay={(gif && !reduced) || autoPlay}
        onClick={toggle}
        aria-label={title}
      >
        {captionsUrl && <track kind="captions" src={captionsUrl} label={TEXTS.video.captions} srcLang={captionsLanguage ?? undefined} default />}
      </video>
      {state === 'stalling' && <span className={styles.spinner} aria-hidden="true" />}
      {state === 'failed' && (
        <div className={styles.failure} role="alert">
          <p>{(TEXTS.video.errors as Record<number, string>)[errorCode ?? MEDIA_ERROR_CODES.source_not_supported]}</p>
          <button type="button" className={styles.retry} onClick={retry}>
            {TEXTS.video.retry}
          </button>
        </div>
      )}
      {gif && reduced && !playing && state !== 'failed' && (
        <button type="button" className={styles.gifPlay} onClick={toggle} aria-label={TEXTS.video.play}>
          <Icon name="play" size={22} />
        </button>
      )}
      {!gif && state !== 'failed' && (
        <div className={styles.controls}>
          <button type="button" className={styles.button} onClick={toggle} aria-label={playing ? TEXTS.video.pause : TEXTS.video.play}>
            <Icon name={playing ? 'pause' : 'play'} size={18} />
          </button>
          <input
            className={styles.seek}
            type="range"
            min={0}
            max={Math.max(duration, 0.1)}
            step={0.1}
            value={Math.min(time, duration)}
            aria-label={TEXTS.video.seek}
            aria-valuetext={`${formatDuration(time * 1000)} / ${formatDuration(duration * 1000)}`}
            onChange={(event) => {
              if (ref.current) ref.current.currentTime = Number(event.target.value);
            }}
          />
          <span className={styles.time}>
            {formatDuration(time * 1000)} / {formatDuration(duration * 1000)}
          </span>
          {captionsUrl && (
            <button
              type="button"
              className={styles.button}
              onClick={() => setCaptionsOn((on) => !on)}
              aria-label={TEXTS.video.captions}
              aria-pressed={captionsOn}
            >
              <Icon name="captions" size={18} />
            </button>
          )}
          <button type="button" className={styles.button} onClick={toggleMute} aria-label={muted ? TEXTS.video.unmute : TEXTS.video.mute} aria-pressed={muted}>
            <Icon name={muted ? 'volumeOff' : 'volume'} size={18} />
          </button>
          <button type="button" className={styles.button} onClick={fullscreen} aria-label={TEXTS.video.fullscreen}>
            <Icon name="expand" size={18} />
          </button>
        </div>
      )}
    </div>
  );
}
