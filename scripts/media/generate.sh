#!/usr/bin/env bash
# Regenerates the demo media in public/media/ and public/og-image.png.
#
# Everything is synthetic: slowly moving gradients in the brand colours, titles
# set in DejaVu Serif/Sans, and a soft sine chord for audio. No third-party
# footage, photos or music. Run from anywhere; paths resolve to the project root:
#
#   bash scripts/media/generate.sh
#
# Needs Debian's ffmpeg 5.1 (libx264, libaom-av1, libwebp, the `gradients`
# source, drawtext) and fonts-dejavu-core; about 1.5 minutes on 2 cores.
# Encoders run with a fixed thread count and bitexact flags, so reruns on the
# same ffmpeg build give byte-identical files.
#
# Writes: public/media/* (videos, posters, training cards, README.md with the
# sizes) and public/og-image.png. Fails if a size budget is exceeded.
# app/content/media.ts describes these files (paths, sizes, alt text and the
# video durations): if you rename a file or change a duration here, update it
# there too (the summary printed at the end shows the measured durations).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."

FFMPEG=${FFMPEG:-/usr/bin/ffmpeg}
FFPROBE=${FFPROBE:-/usr/bin/ffprobe}
FONT_DIR=${FONT_DIR:-/usr/share/fonts/truetype/dejavu}
SERIF="$FONT_DIR/DejaVuSerif.ttf"
SANS="$FONT_DIR/DejaVuSans.ttf"
OUT=public/media
OG=public/og-image.png

for f in "$FFMPEG" "$FFPROBE" "$SERIF" "$SANS"; do
  [[ -e $f ]] || { echo "generate.sh: missing $f" >&2; exit 1; }
done

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# Brand palette.
PLUM=0x2a1747
VIOLET=0x6336a6
LAVENDER=0xa26bd6
SAND=0xfbf9f6
GOLD=0xc99a3e
NIGHT=0x150b24 # darker plum: fade colour and shadows

FPS=24
THREADS=2 # fixed so the encoders' output does not depend on the machine

ff() { "$FFMPEG" -hide_banner -nostdin -loglevel error -y "$@"; }

# Output flags that keep files free of version strings and timestamps.
BITEXACT=(-map_metadata -1 -fflags +bitexact -flags:v +bitexact)

# ---------------------------------------------------------------------------
# Looks. A look is "c0 c1 c2 c3 glow gx gy angle speed":
#   c0..c3  four stops of the base linear gradient (rotates slowly)
#   glow    colour of a soft radial light drifting over it
#   gx gy   where that light starts, in percent of width/height
#   angle   direction of the base gradient: 0 = left->right, 1 = diagonal,
#           2 = top->bottom
#   speed   rotation speed of the base gradient in radians per frame (tiny)
# ---------------------------------------------------------------------------
declare -A LOOK=(
  [intro]="$PLUM $VIOLET 0x8a5cc4 $PLUM $LAVENDER 35 40 1 0.004"
  [decode-promo]="$NIGHT $PLUM $VIOLET $NIGHT $LAVENDER 65 35 0 0.005"
  [audience-executives]="$NIGHT $PLUM 0x4a2a7e $PLUM $VIOLET 30 60 2 0.004"
  [audience-parents-teachers]="$PLUM $VIOLET 0x7d52b8 $PLUM 0xc7a6e8 60 55 1 0.0045"
  [audience-healthcare]="$PLUM 0x4f2d8a 0x8a5cc4 $PLUM 0xb99ae0 40 65 0 0.004"
  [testimonial-1]="$PLUM $VIOLET 0x6e4592 $PLUM 0xd9a6d6 55 45 1 0.0035"
  [decode-overlay]="$NIGHT $PLUM $VIOLET $NIGHT $LAVENDER 50 30 2 0.003"
  [programme]="$PLUM $VIOLET 0x8a5cc4 $PLUM 0xc9b0e6 45 50 0 0.0045"
  [training-decode]="$NIGHT $PLUM $VIOLET $PLUM $LAVENDER 60 40 1 0.004"
  [training-ich]="$PLUM $VIOLET 0x8a5cc4 $PLUM 0xc9b0e6 35 55 0 0.004"
  [training-tasso]="$PLUM 0x4f2d8a 0x6e4592 $PLUM 0xd9a6d6 50 60 2 0.004"
  [og]="$NIGHT $PLUM $VIOLET $LAVENDER $LAVENDER 70 30 0 0.004"
)

# Two lavfi inputs: the base gradient and the drifting glow. Both rotate slowly
# about the frame centre. Note: `gradients` replaces any point outside the frame
# with a random one, so every coordinate here stays within 0..w-1 / 0..h-1.
# usage: background_inputs LOOK W H DURATION -> sets the BG array
background_inputs() {
  local c0 c1 c2 c3 glow gx gy angle speed w=$2 h=$3 d=$4
  read -r c0 c1 c2 c3 glow gx gy angle speed <<<"${LOOK[$1]}"
  local x0 y0 x1 y1
  case $angle in
    0) x0=0; y0=$((h / 2)); x1=$((w - 1)); y1=$((h / 2)) ;;
    1) x0=0; y0=0; x1=$((w - 1)); y1=$((h - 1)) ;;
    *) x0=$((w / 2)); y0=0; x1=$((w / 2)); y1=$((h - 1)) ;;
  esac
  # Glow: centre at (gx%, gy%), radius reaching about half the width, pointed
  # towards the far side so the end point stays inside the frame.
  local cx=$((w * gx / 100)) cy=$((h * gy / 100))
  local rx=$((w * 45 / 100)) ry=$((h * 40 / 100))
  ((gx >= 50)) && rx=$((-rx))
  ((gy >= 50)) && ry=$((-ry))
  BG=(
    -f lavfi -i "gradients=s=${w}x${h}:r=$FPS:d=$d:n=4:c0=$c0:c1=$c1:c2=$c2:c3=$c3:x0=$x0:y0=$y0:x1=$x1:y1=$y1:speed=$speed:seed=1"
    -f lavfi -i "gradients=s=${w}x${h}:r=$FPS:d=$d:n=2:type=radial:c0=${glow}@0.4:c1=${glow}@0.0:x0=$cx:y0=$cy:x1=$((cx + rx)):y1=$((cy + ry)):speed=0.004:seed=2"
  )
}

# Shared start of every filter graph: the base softened with a wide blur (hides
# the creases at the colour stops), the glow over it, then a gentle vignette.
# For a still, FRAME picks the one frame to keep before any heavy filtering
# (timestamps are kept, so time-based expressions still see the right t).
# usage: base_graph WIDTH [FRAME] -> prints the filters
base_graph() {
  local pick="" g0="[0]" g1="[1]"
  if [[ -n ${2:-} ]]; then
    pick="[0]trim=start_frame=$2:end_frame=$(($2 + 1))[g0];[1]trim=start_frame=$2:end_frame=$(($2 + 1))[g1];"
    g0="[g0]" g1="[g1]"
  fi
  printf '%s' "$pick${g0}gblur=sigma=$(($1 / 24)):steps=2[base];[base]${g1}overlay=format=auto:shortest=1,vignette=angle=PI/5:dither=0"
}

# Title block: small gold eyebrow over a DejaVu Serif title, fading in and out.
# usage: title_filters TITLE_FILE DURATION CENTRE_Y_EXPR HEIGHT -> prints filters
title_filters() {
  local file=$1 d=$2 cy=$3 shadow=$(($4 / 240))
  local alpha="clip((t-1.0)/1.5,0,1)*clip(($d-1.2-t)/1.3,0,1)"
  printf '%s' \
    "drawtext=fontfile=$SANS:textfile=$TMP/eyebrow.txt:fontcolor=$GOLD:fontsize=h*0.032:x=(w-tw)/2:y=$cy-h*0.12:alpha='$alpha'," \
    "drawtext=fontfile=$SERIF:textfile=$file:fontcolor=$SAND:fontsize=h*0.085:x=(w-tw)/2:y=$cy-th/2:shadowcolor=$NIGHT@0.45:shadowx=0:shadowy=$shadow:alpha='$alpha'"
}
printf 'MINDFUL PATH INSTITUTE' >"$TMP/eyebrow.txt"

# Soft, quiet sine chord (root, fifth, octave, tenth) with a slow swell.
# usage: audio_graph ROOT_HZ DURATION -> prints an aevalsrc graph
audio_graph() {
  local f=$1 d=$2
  local chord="0.045*sin(2*PI*$f*t)+0.030*sin(2*PI*$f*1.5*t)+0.022*sin(2*PI*$f*2*t)+0.012*sin(2*PI*$f*2.5*t)"
  printf '%s' "aevalsrc='($chord)*(0.8+0.2*sin(2*PI*0.12*t))':s=44100:c=mono:d=$d,afade=t=in:d=2,afade=t=out:st=$(awk "BEGIN{print $d - 2.5}"):d=2.5"
}

# Encoders for stills.
avif() { ff -i "$1" -vf "scale=$2:flags=lanczos,format=yuv420p10le" -c:v libaom-av1 -still-picture 1 -crf "${4:-22}" -cpu-used 3 -threads $THREADS "${BITEXACT[@]}" "$3"; }
webp() { ff -i "$1" -vf "scale=$2:flags=lanczos" -c:v libwebp -quality "${4:-70}" -compression_level 6 -preset picture "${BITEXACT[@]}" "$3"; }
jpeg() { ff -i "$1" -vf "scale=$2:flags=lanczos,format=yuvj420p" -c:v mjpeg -q:v 5 "${BITEXACT[@]}" "$3"; }

# Every responsive still: 1x and 2x as AVIF + WebP, JPEG fallback at 1x.
# usage: stills SOURCE_PNG NAME SMALL_WxH LARGE_WxH
stills() {
  local src=$1 name=$2 small=$3 large=$4
  local sw=${small%x*} lw=${large%x*}
  avif "$src" "${large/x/:}" "$OUT/$name-$lw.avif"
  webp "$src" "${large/x/:}" "$OUT/$name-$lw.webp"
  avif "$src" "${small/x/:}" "$OUT/$name-$sw.avif" 24
  webp "$src" "${small/x/:}" "$OUT/$name-$sw.webp" 72
  jpeg "$src" "${small/x/:}" "$OUT/$name-$sw.jpg"
}

# ---------------------------------------------------------------------------
# Videos: name | duration (s) | chord root (Hz) | title
# ---------------------------------------------------------------------------
VIDEOS=(
  "intro|10|196.00|Conscious Living"
  "decode-promo|10|174.61|DECODE"
  "audience-executives|8|220.00|For Executives"
  "audience-parents-teachers|8|196.00|For Parents & Teachers"
  "audience-healthcare|8|174.61|For Healthcare Practitioners"
  "testimonial-1|10|164.81|A graduate’s story"
  "decode-overlay|12|146.83|DECODE — an introduction"
  "programme|9|196.00|Programme preview"
)

# Start clean: everything in public/media, README included, comes from here.
mkdir -p "$OUT"
find "$OUT" -maxdepth 1 -type f -delete

video() {
  local name=$1 d=$2 root=$3 title=$4
  printf '%s' "$title" >"$TMP/$name.txt"
  local fade="fade=t=in:st=0:d=1:color=$NIGHT,fade=t=out:st=$((d - 1)):d=1:color=$NIGHT"

  # The video: 640x360, title centred.
  background_inputs "$name" 640 360 "$d"
  ff "${BG[@]}" -f lavfi -i "$(audio_graph "$root" "$d")" \
    -filter_complex "$(base_graph 640),$(title_filters "$TMP/$name.txt" "$d" 'h/2' 360),$fade,format=yuv420p[v]" \
    -map '[v]' -map 2:a \
    -c:v libx264 -preset veryslow -crf 28 -profile:v high -level 3.0 -threads $THREADS \
    -x264-params aq-mode=3:keyint=$((FPS * 4)):min-keyint=$FPS \
    -c:a aac -aac_coder fast -b:a 32k -ac 1 -ar 44100 \
    -movflags +faststart "${BITEXACT[@]}" -flags:a +bitexact \
    "$OUT/$name.mp4"

  # The poster: the same graph rendered at 1280x720, at the midpoint when the
  # title is fully in. The title sits in the lower third there, so the player's
  # centred play button does not cover it.
  background_inputs "$name" 1280 720 "$d"
  ff "${BG[@]}" \
    -filter_complex "$(base_graph 1280 $((d * FPS / 2))),$(title_filters "$TMP/$name.txt" "$d" 'h*0.72' 720),format=rgb24[v]" \
    -map '[v]' -frames:v 1 "$TMP/$name-poster.png"
  stills "$TMP/$name-poster.png" "$name" 640x360 1280x720
}

for entry in "${VIDEOS[@]}"; do
  IFS='|' read -r name d root title <<<"$entry"
  echo "video  $name"
  video "$name" "$d" "$root" "$title"
done

# ---------------------------------------------------------------------------
# Training cards (4:3): gradient artwork with one faint word.
# ---------------------------------------------------------------------------
card() {
  local name=$1 word=$2
  printf '%s' "$word" >"$TMP/$name.txt"
  background_inputs "$name" 960 720 3
  ff "${BG[@]}" \
    -filter_complex "$(base_graph 960 $((2 * FPS))),drawtext=fontfile=$SERIF:textfile=$TMP/$name.txt:fontcolor=$SAND@0.22:fontsize=h*0.15:x=(w-tw)/2:y=(h-th)/2,format=rgb24[v]" \
    -map '[v]' -frames:v 1 "$TMP/$name.png"
  stills "$TMP/$name.png" "$name" 480x360 960x720
}
echo "image  training cards"
card training-decode DECODE
card training-ich ICH
card training-tasso TASSO

# ---------------------------------------------------------------------------
# Open Graph image, 1200x630 PNG (palette-quantised to stay small).
# ---------------------------------------------------------------------------
echo "image  og-image"
printf 'Mindful Path Institute' >"$TMP/og-title.txt"
printf 'Training, workshops and healing pathways' >"$TMP/og-line.txt"
background_inputs og 1200 630 3
ff "${BG[@]}" \
  -filter_complex "$(base_graph 1200 $((2 * FPS))),
    drawtext=fontfile=$SERIF:textfile=$TMP/og-title.txt:fontcolor=$SAND:fontsize=76:x=(w-tw)/2:y=h*0.45-th:shadowcolor=$NIGHT@0.45:shadowy=3,
    drawbox=x=(iw-96)/2:y=ih*0.545-1:w=96:h=3:color=$GOLD:t=fill,
    drawtext=fontfile=$SERIF:textfile=$TMP/og-line.txt:fontcolor=$SAND@0.88:fontsize=34:x=(w-tw)/2:y=h*0.61,
    format=rgb24,split[a][b];[a]palettegen=max_colors=256:stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a[v]" \
  -map '[v]' -frames:v 1 -pred mixed -compression_level 9 "${BITEXACT[@]}" "$OG"

# ---------------------------------------------------------------------------
# README, summary and budgets
# ---------------------------------------------------------------------------
size() { stat -c %s "$@" | awk '{ s += $1 } END { print s }'; }
kb() { awk -v b="$1" 'BEGIN { printf "%.1f KB", b / 1000 }'; }
duration() { "$FFPROBE" -v error -show_entries format=duration -of default=nw=1:nk=1 "$1"; }

MP4_BYTES=$(size "$OUT"/*.mp4)
MEDIA_BYTES=$(size "$OUT"/*) # before the README exists
OG_BYTES=$(size "$OG")

{
  cat <<'EOF'
# Demo media

Generated by `scripts/media/generate.sh` (run `bash scripts/media/generate.sh`
from the project root; it rewrites this folder, this README included, and
`public/og-image.png`). Everything is synthetic: slowly moving gradients in the
brand colours, titles set in DejaVu Serif/Sans and a quiet sine chord made by
ffmpeg. No third-party footage, photos or music. Components reach these files
through `app/content/media.ts`.

## Videos

H.264 (yuv420p) + AAC mono 32 kb/s MP4, 640x360, 24 fps, fast start.

| File | Title | Duration | Size |
| --- | --- | --- | --- |
EOF
  for entry in "${VIDEOS[@]}"; do
    IFS='|' read -r name d root title <<<"$entry"
    printf '| `%s.mp4` | %s | %g s | %s |\n' "$name" "$title" "$(duration "$OUT/$name.mp4")" "$(kb "$(size "$OUT/$name.mp4")")"
  done
  cat <<'EOF'

## Posters

One per video: its midpoint frame rendered at 1280x720 (title moved to the
lower third, clear of the player's centred play button), as `<name>-640.avif`,
`<name>-640.webp`, `<name>-640.jpg` (fallback), `<name>-1280.avif` and
`<name>-1280.webp`.

## Training cards (4:3)

`training-decode`, `training-ich`, `training-tasso`: gradient artwork with the
programme name in faint lettering, as `-480.avif`, `-480.webp`, `-480.jpg`
(fallback), `-960.avif` and `-960.webp`.

## Open Graph image

`public/og-image.png` (one level up): 1200x630, "Mindful Path Institute" and
"Training, workshops and healing pathways" on the brand gradient.

## Size

EOF
  printf -- '- MP4s: %s bytes (%s; budget 1.4 MB)\n' "$MP4_BYTES" "$(kb "$MP4_BYTES")"
  printf -- '- Posters and cards: %s bytes (%s)\n' "$((MEDIA_BYTES - MP4_BYTES))" "$(kb "$((MEDIA_BYTES - MP4_BYTES))")"
  printf -- '- Total of this folder, without this README: %s bytes (%s)\n' "$MEDIA_BYTES" "$(kb "$MEDIA_BYTES")"
  printf -- '- `public/og-image.png`: %s bytes (%s)\n' "$OG_BYTES" "$(kb "$OG_BYTES")"
} >"$OUT/README.md"

echo
printf '%-36s %8s  %s\n' file bytes duration
for f in "$OUT"/* "$OG"; do
  dur=""
  [[ $f == *.mp4 ]] && dur=$(duration "$f")
  printf '%-36s %8s  %s\n' "${f#public/}" "$(stat -c %s "$f")" "$dur"
done
printf 'mp4 total:          %s bytes\n' "$MP4_BYTES"
printf 'public/media total: %s bytes (README included)\n' "$(size "$OUT"/*)"

status=0
((MP4_BYTES <= 1400000)) || { echo "generate.sh: the MP4s exceed 1.4 MB" >&2; status=1; }
(($(size "$OUT"/*) <= 2000000)) || { echo "generate.sh: public/media exceeds 2 MB" >&2; status=1; }
((OG_BYTES <= 150000)) || { echo "generate.sh: og-image.png exceeds 150 KB" >&2; status=1; }
exit $status
