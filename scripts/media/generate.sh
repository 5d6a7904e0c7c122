#!/usr/bin/env bash
# Regenerates the demo media in public/media/ and public/og-image.png.
#
# Everything is synthetic: calm, warm scenes drawn as SVG by
# scripts/media/art.ts (a different palette, light and shape per programme,
# audience and DECODE level), rasterised with rsvg-convert; the videos move
# slowly through their scene under a drifting light, over a soft sine chord.
# No text is drawn into any video, poster or card: the components set titles as
# real text over the pictures. Only the Open Graph image carries the
# organisation's name (a social preview card has no page around it). No
# third-party footage, photos or music. Run from anywhere; paths resolve to the
# project root:
#
#   bash scripts/media/generate.sh
#
# Needs Debian's ffmpeg 5.1 (libx264, libaom-av1, libwebp, the `gradients`
# source, zoompan, drawtext), librsvg2-bin (rsvg-convert), fonts-dejavu-core
# (Open Graph title) and the project's Node (node_modules/.bin/node); a few
# minutes on 2 cores. Encoders run with a fixed thread count and bitexact flags,
# so reruns on the same builds give byte-identical files.
#
# Writes: public/media/* (videos, posters, training cards, DECODE level
# pictures, README.md with the sizes) and public/og-image.png. Fails if a size
# budget is exceeded. app/content/media.ts describes these files (paths, sizes,
# alt text and the video durations): if you rename a file, change a scene or a
# duration here or in art.ts, update it there too (the summary printed at the
# end shows the measured durations).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."

FFMPEG=${FFMPEG:-/usr/bin/ffmpeg}
FFPROBE=${FFPROBE:-/usr/bin/ffprobe}
RSVG=${RSVG:-/usr/bin/rsvg-convert}
NODE=${NODE:-node_modules/.bin/node}
FONT_DIR=${FONT_DIR:-/usr/share/fonts/truetype/dejavu}
SERIF="$FONT_DIR/DejaVuSerif.ttf"
OUT=public/media
OG=public/og-image.png

for f in "$FFMPEG" "$FFPROBE" "$RSVG" "$NODE" "$SERIF"; do
  [[ -e $f ]] || { echo "generate.sh: missing $f" >&2; exit 1; }
done

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

SAND=0xfbf9f6
GOLD=0xc99a3e
DUSK=0x2b2230 # warm near-black: the colour a video fades out to

FPS=24
THREADS=2 # fixed so the encoders' output does not depend on the machine

ff() { "$FFMPEG" -hide_banner -nostdin -loglevel error -y "$@"; }

# Output flags that keep files free of version strings and timestamps.
BITEXACT=(-map_metadata -1 -fflags +bitexact -flags:v +bitexact)

# ---------------------------------------------------------------------------
# The scenes: SVG from art.ts, rasterised at their own size (posters and cards)
# and at twice 1280x720 for the videos (so the slow zoom has detail to crop).
# ---------------------------------------------------------------------------
echo "art    scenes"
"$NODE" scripts/media/art.ts "$TMP/svg" >/dev/null
raster() { "$RSVG" --width "$2" --height "$3" --background-color white "$TMP/svg/$1.svg" -o "$4"; }

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
# Videos: name | duration (s) | chord root (Hz) | title (for the README and
# media.ts only: nothing is written on the picture) | glow x y (percent)
# ---------------------------------------------------------------------------
VIDEOS=(
  "intro|10|196.00|Conscious Living|66 50"
  "decode-promo|10|174.61|DECODE|50 50"
  "audience-executives|8|220.00|For Executives|36 45"
  "audience-parents-teachers|8|196.00|For Parents & Teachers|30 30"
  "audience-healthcare|8|174.61|For Healthcare Practitioners|70 25"
  "testimonial-1|10|164.81|A graduate’s story|50 45"
  "decode-overlay|12|146.83|DECODE — an introduction|50 52"
  "programme|9|196.00|Programme preview|25 30"
)

# Start clean: everything in public/media, README included, comes from here.
mkdir -p "$OUT"
find "$OUT" -maxdepth 1 -type f -delete

video() {
  local name=$1 d=$2 root=$3 gx=$4 gy=$5
  local frames=$((d * FPS))
  raster "$name" 2560 1440 "$TMP/$name-2x.png"

  # The scene slowly drawing closer (6 % over the whole clip, about its centre),
  # cropped from the 2x raster so the movement stays smooth; a warm light
  # drifts over it, fading in so the first frame is the poster; the last second
  # fades to dusk. Note: `gradients` replaces any point outside the frame with a
  # random one, so its coordinates stay within 0..w-1 / 0..h-1.
  local cx=$((640 * gx / 100)) cy=$((360 * gy / 100))
  local ex=$((cx < 320 ? cx + 260 : cx - 260)) ey=$((cy < 180 ? cy + 150 : cy - 150))
  ff -loop 1 -framerate $FPS -t "$d" -i "$TMP/$name-2x.png" \
    -f lavfi -i "gradients=s=640x360:r=$FPS:d=$d:n=2:type=radial:c0=0xfff6ea@0.38:c1=0xfff6ea@0.0:x0=$cx:y0=$cy:x1=$ex:y1=$ey:speed=0.006:seed=2" \
    -f lavfi -i "$(audio_graph "$root" "$d")" \
    -filter_complex "[0]zoompan=z='1+0.06*on/$frames':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=1:s=640x360:fps=$FPS[scene];[1]fade=t=in:st=0:d=2:alpha=1[light];[scene][light]overlay=format=auto:shortest=1,fade=t=out:st=$((d - 1)):d=1:color=$DUSK,format=yuv420p[v]" \
    -map '[v]' -map 2:a -frames:v $frames \
    -c:v libx264 -preset veryslow -crf 28 -profile:v high -level 3.0 -threads $THREADS \
    -x264-params aq-mode=3:keyint=$((FPS * 4)):min-keyint=$FPS \
    -c:a aac -aac_coder fast -b:a 32k -ac 1 -ar 44100 \
    -movflags +faststart "${BITEXACT[@]}" -flags:a +bitexact \
    "$OUT/$name.mp4"

  # The poster: the scene itself, which is also the video's first frame.
  raster "$name" 1280 720 "$TMP/$name.png"
  stills "$TMP/$name.png" "$name" 640x360 1280x720
}

for entry in "${VIDEOS[@]}"; do
  IFS='|' read -r name d root _title glow <<<"$entry"
  echo "video  $name"
  # shellcheck disable=SC2086 # glow is "x y"
  video "$name" "$d" "$root" $glow
done

# ---------------------------------------------------------------------------
# Pictures without a video. Training cards (4:3) for the home page, and one
# 16:9 picture per demo DECODE level, shown on its programme card until an
# administrator uploads a thumbnail.
# ---------------------------------------------------------------------------
echo "image  training cards"
for name in training-decode training-ich training-tasso; do
  raster "$name" 960 720 "$TMP/$name.png"
  stills "$TMP/$name.png" "$name" 480x360 960x720
done
echo "image  DECODE levels"
for level in 1 2 3 4 5; do
  name=decode-level-$level
  raster "$name" 1280 720 "$TMP/$name.png"
  stills "$TMP/$name.png" "$name" 640x360 1280x720
done

# ---------------------------------------------------------------------------
# Open Graph image, 1200x630 PNG (palette-quantised to stay small): the only
# picture with words, since a social preview has no page around it.
# ---------------------------------------------------------------------------
echo "image  og-image"
printf 'Mindful Path Institute' >"$TMP/og-title.txt"
printf 'Training, workshops and healing pathways' >"$TMP/og-line.txt"
raster og 1200 630 "$TMP/og.png"
ff -i "$TMP/og.png" \
  -filter_complex "[0]format=rgb24,
    drawtext=fontfile=$SERIF:textfile=$TMP/og-title.txt:fontcolor=$SAND:fontsize=76:x=(w-tw)/2:y=h*0.3-th:shadowcolor=0x3b3566@0.5:shadowy=3,
    drawbox=x=(iw-96)/2:y=ih*0.36-1:w=96:h=3:color=$GOLD:t=fill,
    drawtext=fontfile=$SERIF:textfile=$TMP/og-line.txt:fontcolor=$SAND:fontsize=34:x=(w-tw)/2:y=h*0.41:shadowcolor=0x3b3566@0.45:shadowy=2,
    split[a][b];[a]palettegen=max_colors=256:stats_mode=full[p];[b][p]paletteuse=dither=none[v]" \
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
`public/og-image.png`). Everything is synthetic: calm, warm scenes drawn as SVG
by `scripts/media/art.ts` (each programme, audience and DECODE level with its
own palette, light and shapes), a slow zoom and a drifting light for the videos,
and a quiet sine chord made by ffmpeg. No picture here carries text: the
components set titles as real text over them. No third-party footage, photos or
music. This is demo content: administrators replace it with real thumbnails and
videos. Components reach these files through `app/content/media.ts`.

## Videos

H.264 (yuv420p) + AAC mono 32 kb/s MP4, 640x360, 24 fps, fast start.

| File | Used for | Duration | Size |
| --- | --- | --- | --- |
EOF
  for entry in "${VIDEOS[@]}"; do
    IFS='|' read -r name d _root title _glow <<<"$entry"
    printf '| `%s.mp4` | %s | %g s | %s |\n' "$name" "$title" "$(duration "$OUT/$name.mp4")" "$(kb "$(size "$OUT/$name.mp4")")"
  done
  cat <<'EOF'

## Posters

One per video: its scene at 1280x720, which is also the video's first frame,
as `<name>-640.avif`, `<name>-640.webp`, `<name>-640.jpg` (fallback),
`<name>-1280.avif` and `<name>-1280.webp`.

| Scene | Look |
| --- | --- |
| `intro` | dawn: apricot sky, low sun, terracotta hills in haze |
| `decode-promo` | dusk rose and lavender, rings spreading from a point of light |
| `audience-executives` | a teal sea under a pale sun, sand in front |
| `audience-parents-teachers` | honey light, a large and a small rounded hill, drifting seeds |
| `audience-healthcare` | sage light, eucalyptus branches |
| `testimonial-1` | a warm clay wall with an arched opening full of light |
| `decode-overlay` | twilight: indigo sky turning rose, rings on still water |
| `programme` | balanced pebbles on warm sand (programmes without their own picture) |

## Training cards (4:3)

As `-480.avif`, `-480.webp`, `-480.jpg` (fallback), `-960.avif` and `-960.webp`:
`training-decode` (lavender and rose rings around a point of light),
`training-ich` (nested teal, sand and terracotta arches) and `training-tasso`
(an amber sun over dunes traced with contour lines).

## DECODE levels (16:9)

One per demo level, shown on its programme card until an administrator uploads
a thumbnail, as `-640.avif`, `-640.webp`, `-640.jpg` (fallback), `-1280.avif`
and `-1280.webp`: `decode-level-1` (the mind: one drop's rings on dawn water),
`decode-level-2` (behaviour: sage currents of flowing lines), `decode-level-3`
(relationships: two overlapping rose lights), `decode-level-4` (blueprint:
nested arches under a dotted misty-blue sky) and `decode-level-5` (the child:
honey sun and round coloured pebbles).

## Open Graph image

`public/og-image.png` (one level up): 1200x630, "Mindful Path Institute" and
"Training, workshops and healing pathways" over the dusk-ripples scene; the only
picture with words, since a social preview has no page around it.

## Size

EOF
  printf -- '- MP4s: %s bytes (%s; budget 1.4 MB)\n' "$MP4_BYTES" "$(kb "$MP4_BYTES")"
  printf -- '- Posters, cards and level pictures: %s bytes (%s)\n' "$((MEDIA_BYTES - MP4_BYTES))" "$(kb "$((MEDIA_BYTES - MP4_BYTES))")"
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
