import { Captions, Maximize, Minimize, Pause, Play, Settings, Volume2, VolumeX } from "lucide-react";
import { useCallback, useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from "react";
import type { ResponsiveImage } from "~/content/media";
import { formatClock, spokenDuration } from "~/lib/format";
import { ResponsivePicture } from "./responsive-picture";

export const CONTROLS_HIDE_MS = 4000;
const SPEEDS = [0.75, 1, 1.25, 1.5] as const;

export type VideoPlayerHandle = {
  /**
   * Starts playback; rejects when the browser refuses (autoplay policy). With
   * `focusControls`, focus moves to the play/pause control (or back to the
   * thumbnail if playback is refused): for a player that replaced the control
   * the visitor had just used.
   */
  play: (options?: { focusControls?: boolean }) => Promise<void>;
  /** Pauses and rewinds to the start, showing the thumbnail again. */
  reset: () => void;
};

type Props = {
  src: string;
  title: string;
  poster?: ResponsiveImage;
  /** The poster is above the fold (a page's hero): loaded eagerly with high priority, as the page's largest paint. */
  priority?: boolean;
  /** A WebVTT captions file; the CC button toggles it. */
  captions?: string;
  allowFullscreen?: boolean;
  sizes?: string;
  className?: string;
  /**
   * A title set as real text over the thumbnail, low on the left, clear of the
   * centred play button (pictures never carry their titles themselves).
   */
  caption?: string;
  /** Rounded card (default) or edge-to-edge inside an overlay. */
  variant?: "card" | "bare";
  /**
   * "video" (default): the player is 16:9. "fill": it fills its parent (a 3:4
   * card, say) and the video is letterboxed inside it, never cropped.
   */
  fit?: "video" | "fill";
  /** Called when playback reaches the end (after the player went back to its thumbnail). */
  onEnded?: () => void;
  /** A short text laid over the thumbnail (the TASSO modules' '15 mins'); gone once playing. */
  thumbnailText?: string;
  /** Called when the thumbnail image fails to load (the thumbnail is then hidden). */
  onThumbnailError?: () => void;
  /** Called when autoplay was refused and the thumbnail came back. */
  onAutoplayFailed?: () => void;
  ref?: Ref<VideoPlayerHandle>;
};

type Phase = "thumbnail" | "playing" | "paused";

const holdsFocus = (el: HTMLElement | null) => Boolean(el?.contains(document.activeElement));
/** Keyboard focus (not a mouse click's) is inside `el`. */
const holdsKeyboardFocus = (el: HTMLElement | null) => holdsFocus(el) && Boolean(document.activeElement?.matches(":focus-visible"));

/**
 * The shared player (spec part 1 §4.1): a thumbnail with a big play button, then
 * custom controls: seekable progress bar, play/pause, mute, elapsed/total,
 * captions, settings (speed) and fullscreen. Controls hide 4 s after the last
 * mouse movement while playing and come back on movement or keyboard focus.
 */
export function VideoPlayer({
  src,
  title,
  poster,
  priority = false,
  captions,
  caption,
  allowFullscreen = false,
  sizes = "(min-width: 1024px) 50vw, 100vw",
  className = "",
  variant = "card",
  fit = "video",
  onEnded,
  thumbnailText,
  onThumbnailError,
  onAutoplayFailed,
  ref,
}: Props) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [phase, setPhase] = useState<Phase>("thumbnail");
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(0);
  const [muted, setMuted] = useState(false);
  const [controlsVisible, setControlsVisible] = useState(true);
  const [thumbFailed, setThumbFailed] = useState(false);
  const [isFullscreen, setIsFullscreen] = useState(false);
  const [captionsOn, setCaptionsOn] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [speed, setSpeed] = useState<number>(1);
  const settingsId = useId();
  // The thumbnail button and the controls replace each other: when the one the
  // visitor was on goes away, focus moves to the other instead of the page.
  const toggleRef = useRef<HTMLButtonElement>(null);
  const thumbRef = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (phase === "thumbnail" ? thumbRef.current : toggleRef.current)?.focus();
  }, [phase]);

  const scheduleHide = useCallback(() => {
    clearTimeout(hideTimer.current);
    setControlsVisible(true);
    hideTimer.current = setTimeout(() => {
      const v = videoRef.current;
      const focusInside = containerRef.current?.contains(document.activeElement) && document.activeElement !== v;
      if (v && !v.paused && !focusInside) setControlsVisible(false);
    }, CONTROLS_HIDE_MS);
  }, []);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  useEffect(() => {
    const onChange = () => setIsFullscreen(document.fullscreenElement === containerRef.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  useEffect(() => {
    const track = videoRef.current?.textTracks[0];
    // oxlint-disable-next-line react/immutability -- a DOM TextTrack, not React state
    if (track) track.mode = captionsOn ? "showing" : "hidden";
  }, [captionsOn]);

  const play = useCallback(async (options?: { focusControls?: boolean }) => {
    const v = videoRef.current;
    if (!v) return;
    if (options?.focusControls) moveFocus.current = true;
    setPhase("playing");
    try {
      await v.play();
      scheduleHide();
    } catch (error) {
      // A pause() before playback really started interrupts play(): that is the
      // visitor pausing, not a failure, and the pause event sets the state.
      if (error instanceof DOMException && error.name === "AbortError") return;
      if (holdsFocus(containerRef.current)) moveFocus.current = true;
      setPhase("thumbnail");
      throw error;
    }
  }, [scheduleHide]);

  const reset = useCallback(() => {
    const v = videoRef.current;
    if (v) {
      v.pause();
      try {
        v.currentTime = 0;
      } catch {
        // Not loaded yet: nothing to rewind.
      }
    }
    setCurrent(0);
    if (holdsFocus(containerRef.current)) moveFocus.current = true;
    setPhase("thumbnail");
    setControlsVisible(true);
    setSettingsOpen(false);
  }, []);

  useImperativeHandle(ref, () => ({ play, reset }), [play, reset]);

  const startFromThumbnail = () => {
    // A keyboard user lands on the controls that replace the thumbnail; after a
    // mouse click the focus is left alone, so the controls can hide.
    play({ focusControls: holdsKeyboardFocus(containerRef.current) }).catch((error: unknown) => {
      console.error("Auto-play failed", error);
      onAutoplayFailed?.();
    });
  };

  const toggle = () => {
    const v = videoRef.current;
    if (!v) return;
    if (v.paused) {
      play().catch((error: unknown) => console.error("Playback failed", error));
    } else {
      v.pause();
    }
  };

  /**
   * Seeking to the very end finishes the video now. Waiting for the element's
   * 'ended' event is not enough: a paused or still-buffering video may never
   * fire it.
   */
  const finish = () => {
    reset();
    onEnded?.();
  };

  const seekTo = (seconds: number) => {
    const v = videoRef.current;
    if (!v || !Number.isFinite(v.duration)) return;
    if (seconds >= v.duration) {
      finish();
      return;
    }
    v.currentTime = Math.max(0, seconds);
    setCurrent(v.currentTime);
  };

  const onBarClick = (e: React.MouseEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const ratio = Math.min(Math.max(0, (e.clientX - rect.left) / rect.width), 1);
    seekTo(ratio * (videoRef.current?.duration ?? 0));
  };

  const onBarKey = (e: React.KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 5, ArrowUp: 5, ArrowLeft: -5, ArrowDown: -5, PageUp: 10, PageDown: -10 }[e.key];
    if (step !== undefined) {
      e.preventDefault();
      seekTo(current + step);
    } else if (e.key === "Home") {
      e.preventDefault();
      seekTo(0);
    } else if (e.key === "End") {
      e.preventDefault();
      // The end, even while the video's length is still unknown (its first bytes not yet in).
      finish();
    }
  };

  const toggleMute = () => {
    const v = videoRef.current;
    if (!v) return;
    v.muted = !v.muted;
    setMuted(v.muted);
  };

  const toggleFullscreen = async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await containerRef.current?.requestFullscreen();
    } catch (error) {
      console.error("Fullscreen failed", error);
    }
  };

  const chooseSpeed = (value: number) => {
    if (videoRef.current) videoRef.current.playbackRate = value;
    setSpeed(value);
    setSettingsOpen(false);
  };

  const showThumbnail = phase === "thumbnail";
  const progress = duration > 0 ? (current / duration) * 100 : 0;
  const frame = variant === "card" ? "rounded-2xl shadow-lg ring-1 ring-black/5" : "";
  const size = fit === "fill" ? "size-full" : "aspect-video";

  return (
    <div
      ref={containerRef}
      data-phase={phase}
      data-controls={controlsVisible ? "visible" : "hidden"}
      className={`video-player group/player focus-frame @container relative isolate ${size} overflow-hidden bg-brand-gradient text-white ${frame} ${className}`}
      onMouseMove={() => phase === "playing" && scheduleHide()}
      onFocusCapture={() => setControlsVisible(true)}
    >
      {/* The captions track is added whenever the video has one (public/captions/). */}
      {/* oxlint-disable-next-line jsx-a11y/media-has-caption */}
      <video
        ref={videoRef}
        src={src}
        preload="none"
        playsInline
        className={`absolute inset-0 size-full object-contain ${showThumbnail ? "invisible" : ""} ${variant === "bare" ? "bg-black" : "bg-plum-950"}`}
        aria-label={title}
        onClick={toggle}
        onPlay={() => setPhase("playing")}
        onPause={() => {
          if (videoRef.current && !videoRef.current.ended) setPhase((p) => (p === "thumbnail" ? p : "paused"));
          setControlsVisible(true);
        }}
        onTimeUpdate={(e) => setCurrent(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
        onDurationChange={(e) => setDuration(e.currentTarget.duration)}
        onEnded={() => {
          reset();
          onEnded?.();
        }}
        onVolumeChange={(e) => setMuted(e.currentTarget.muted)}
        onError={() => console.error("Video failed to load", src)}
      >
        {captions ? <track kind="captions" src={captions} srcLang="en" label="English" /> : null}
      </video>

      {showThumbnail ? (
        <button
          ref={thumbRef}
          type="button"
          onClick={startFromThumbnail}
          className="group/thumb focus-frame-target absolute inset-0 z-10 flex items-center justify-center"
          aria-label={`Play video: ${title}`}
        >
          {poster && !thumbFailed ? (
            <ResponsivePicture
              image={poster}
              sizes={sizes}
              priority={priority}
              decorative
              className="absolute inset-0 size-full object-cover"
              onError={() => {
                setThumbFailed(true);
                onThumbnailError?.();
              }}
            />
          ) : null}
          {caption ? null : <span className="absolute inset-0 bg-gradient-to-t from-plum-950/50 via-transparent to-transparent" aria-hidden="true" />}
          {caption ? (
            // The caption carries its own scrim: at least 70 % plum behind every line of text, so
            // white words keep 6:1 and more on the palest thumbnail; above them it fades out.
            <span
              data-testid="video-caption"
              className="absolute inset-x-0 bottom-0 flex flex-col items-start gap-2 bg-gradient-to-t from-plum-950/80 via-plum-950/70 via-[calc(100%-2rem)] to-transparent p-3 pt-8 text-left @md:p-4 @md:pt-10 @xl:p-6 @xl:pt-12"
            >
              <span aria-hidden="true" className="hidden h-0.5 w-8 rounded-full bg-gold-500 @md:block" />
              <span className="line-clamp-2 font-serif text-base leading-tight text-white drop-shadow-sm @2xs:text-lg @md:text-xl @xl:text-2xl">{caption}</span>
            </span>
          ) : null}
          <span
            aria-hidden="true"
            // Sized by the player, not the window, and above the middle while a caption is shown, so a
            // caption of two lines on a narrow card keeps clear of the ring.
            className={`relative grid size-12 place-items-center rounded-full bg-white/90 text-plum-800 shadow-xl ring-8 ring-white/25 transition-transform group-hover/thumb:scale-105 @2xs:size-16 @xl:size-20 ${caption ? "-mt-8 @md:mt-0" : ""}`}
          >
            <Play className="ml-1 size-6 fill-current @2xs:size-7 @xl:size-8" />
          </span>
        </button>
      ) : null}
      {showThumbnail && thumbnailText ? (
        // Top left, clear of the play button (which keeps its own name) and of the caption.
        <span className="pointer-events-none absolute top-3 left-3 z-20 rounded-full bg-plum-950/75 px-3 py-1 text-sm font-semibold text-white">
          {thumbnailText}
        </span>
      ) : null}
      {showThumbnail ? null : (
        <div
          className={`absolute inset-x-0 bottom-0 z-10 bg-gradient-to-t from-black/75 to-transparent px-3 pt-2 pb-2 transition-opacity duration-300 @md:px-3 @md:pt-8 @md:pb-2 ${
            controlsVisible ? "opacity-100" : "pointer-events-none opacity-0"
          }`}
        >
          <div
            role="slider"
            tabIndex={0}
            aria-label="Seek"
            aria-valuemin={0}
            aria-valuemax={Math.round(duration)}
            aria-valuenow={Math.round(current)}
            aria-valuetext={`${spokenDuration(current)} of ${spokenDuration(duration)}`}
            onClick={onBarClick}
            onKeyDown={onBarKey}
            className="group/bar relative flex h-6 cursor-pointer items-center"
          >
            <div className="h-1.5 w-full overflow-hidden rounded-full bg-white/30">
              <div className="h-full rounded-full bg-white" style={{ width: `${progress}%` }} />
            </div>
            <div
              aria-hidden="true"
              className="absolute top-1/2 size-3.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-white shadow"
              style={{ left: `${progress}%` }}
            />
          </div>
          <div className="flex items-center @md:gap-1">
            <ControlButton ref={toggleRef} label={phase === "playing" ? "Pause" : "Play"} onClick={toggle}>
              {phase === "playing" ? <Pause className="size-5 fill-current" /> : <Play className="size-5 fill-current" />}
            </ControlButton>
            <ControlButton label={muted ? "Unmute" : "Mute"} onClick={toggleMute}>
              {muted ? <VolumeX className="size-5" /> : <Volume2 className="size-5" />}
            </ControlButton>
            <span className="ml-1 shrink-0 text-xs font-medium whitespace-nowrap tabular-nums @md:text-sm" aria-hidden="true">
              {formatClock(current)} / {formatClock(duration)}
            </span>
            <span className="ml-auto" />
            {captions ? (
              <ControlButton label={captionsOn ? "Hide captions" : "Show captions"} pressed={captionsOn} onClick={() => setCaptionsOn((v) => !v)}>
                <Captions className="size-5" />
              </ControlButton>
            ) : null}
            {/* Escape with the speed choice open (the focus on it or on Settings) closes that choice alone, the focus back
                on Settings: not the dialog around the player, whose close request the key's default would make. */}
            {/* oxlint-disable-next-line jsx-a11y/no-static-element-interactions */}
            <div
              className="relative"
              onKeyDown={(e) => {
                if (e.key !== "Escape" || !settingsOpen) return;
                e.preventDefault();
                e.stopPropagation();
                setSettingsOpen(false);
                e.currentTarget.querySelector<HTMLButtonElement>("button")?.focus();
              }}
            >
              <ControlButton
                label="Settings"
                expanded={settingsOpen}
                controls={settingsId}
                onClick={() => setSettingsOpen((v) => !v)}
              >
                <Settings className="size-5" />
              </ControlButton>
              {settingsOpen ? (
                <fieldset
                  id={settingsId}
                  className="absolute right-0 bottom-11 w-max min-w-36 rounded-xl bg-plum-950/95 p-2 text-sm shadow-xl ring-1 ring-white/10"
                >
                  {/* Floated so it sits inside the box; two columns keep the menu short in a small player. */}
                  <legend className="float-left w-full px-2 pb-1 text-xs font-semibold tracking-wide text-plum-200 uppercase">Speed</legend>
                  <div className="clear-left grid grid-cols-2 gap-x-1 @md:grid-cols-1">
                    {SPEEDS.map((s) => (
                    <label key={s} className="flex min-h-9 cursor-pointer items-center gap-2 rounded-lg px-2 whitespace-nowrap hover:bg-white/10">
                      <input type="radio" name={`${settingsId}-speed`} checked={speed === s} onChange={() => chooseSpeed(s)} className="accent-plum-400" />
                      {s === 1 ? "Normal" : `${s}×`}
                    </label>
                  ))}
                  </div>
                </fieldset>
              ) : null}
            </div>
            {allowFullscreen ? (
              <ControlButton label={isFullscreen ? "Exit full screen" : "Full screen"} onClick={toggleFullscreen}>
                {isFullscreen ? <Minimize className="size-5" /> : <Maximize className="size-5" />}
              </ControlButton>
            ) : null}
          </div>
        </div>
      )}
    </div>
  );
}

function ControlButton({
  label,
  onClick,
  children,
  pressed,
  expanded,
  controls,
  ref,
}: {
  label: string;
  onClick: () => void;
  children: React.ReactNode;
  pressed?: boolean;
  expanded?: boolean;
  controls?: string;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      aria-expanded={expanded}
      aria-controls={expanded ? controls : undefined}
      onClick={onClick}
      className="grid size-9 shrink-0 place-items-center rounded-full text-white hover:bg-white/15 @md:size-10"
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
