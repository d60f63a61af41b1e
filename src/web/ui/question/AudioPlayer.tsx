import { useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { PauseIcon, PlayIcon } from './play-icons';

const time = (s: number) =>
  Number.isFinite(s) ? `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}` : '0:00';

/**
 * An audio question's clip: a play/pause button, a seek slider and the time. Until it has been
 * heard to its end once, seeking cannot skip ahead and the answers stay locked (`onHeard` unlocks).
 * A clip that cannot play unlocks them too, with a note.
 */
export function AudioPlayer({
  src,
  heard,
  onHeard,
  onStarted,
}: {
  src: string;
  heard: boolean;
  onHeard: () => void;
  /** The clip began to play (or cannot): the question's clock starts then (issue 22 §12). */
  onStarted?: () => void;
}) {
  const { t } = useTranslation();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [at, setAt] = useState(0);
  const [duration, setDuration] = useState(0);
  const [failed, setFailed] = useState(false);
  const furthest = useRef(0);

  function toggle() {
    const a = audio.current;
    if (!a) return;
    if (a.paused) a.play().catch(() => setPlaying(false));
    else a.pause();
  }

  function seek(v: number) {
    const a = audio.current;
    if (!a) return;
    // Before the first full listen, no skipping ahead of what was heard.
    a.currentTime = heard ? v : Math.min(v, furthest.current);
    setAt(a.currentTime);
  }

  return (
    <div className="audio-player">
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        onPlay={() => {
          setPlaying(true);
          onStarted?.();
        }}
        onPause={() => setPlaying(false)}
        onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
        onTimeUpdate={(e) => {
          const now = e.currentTarget.currentTime;
          setAt(now);
          if (now > furthest.current && now - furthest.current < 2) furthest.current = now;
        }}
        onEnded={() => {
          setPlaying(false);
          onHeard();
        }}
        onError={() => {
          setFailed(true);
          onStarted?.();
          onHeard();
        }}
      />
      <button
        type="button"
        className="audio-btn"
        onClick={toggle}
        disabled={failed}
        aria-label={playing ? t('play.audioPause') : t('play.audioPlay')}
        data-testid="audio-play"
      >
        {playing ? <PauseIcon /> : <PlayIcon />}
      </button>
      <input
        type="range"
        className="audio-seek"
        min={0}
        max={duration || 0}
        step={0.1}
        value={at}
        disabled={failed || !duration}
        onChange={(e) => seek(Number(e.target.value))}
        aria-label={t('play.seek')}
        aria-valuetext={t('play.audioTime', { at: time(at), total: time(duration) })}
      />
      <span className="audio-time" dir="ltr">
        {time(at)} / {time(duration)}
      </span>
      <p className={heard ? 'audio-note good' : 'audio-note'} aria-live="polite">
        {failed ? t('play.audioFailed') : heard ? t('play.audioReady') : t('play.audioLocked')}
      </p>
    </div>
  );
}
