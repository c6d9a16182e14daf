import { useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import type { TVideo } from '@vbc/shared/contact';
import { videoEmbed, type TVideoEmbed } from '@vbc/shared/video';
import { VideoLinkList } from './InfoLists.tsx';
import { useTranslation } from 'react-i18next';

const FRAME = { position: 'relative', width: '100%', aspectRatio: '16 / 9', borderRadius: 3, overflow: 'hidden' } as const;

/**
 * One YouTube or Vimeo video: a poster drawn here (the title and the provider on the card's accent;
 * no thumbnail from the provider, so nothing leaves our origin), and on a press the provider's
 * privacy-friendly player in its place. `index` names the poster for card-boot.ts, which presses
 * it again once the app has taken a server-rendered page over.
 */
function VideoPlayer({ video, embed, accent, index }: { video: TVideo; embed: TVideoEmbed; accent: string; index: number }) {
  const [playing, setPlaying] = useState(false);
  const { t } = useTranslation('card');
  const title = video.title?.trim() || t('videos.untitled', { provider: embed.provider });
  if (playing) {
    return (
      <Box sx={{ ...FRAME, bgcolor: '#000' }}>
        <Box
          component="iframe"
          src={embed.embedUrl}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
        />
      </Box>
    );
  }
  return (
    <ButtonBase
      aria-label={t('videos.play', { title })}
      data-testid={`video-poster-${index}`}
      onClick={() => setPlaying(true)}
      sx={{
        ...FRAME,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-start',
        justifyContent: 'flex-end',
        p: 2,
        textAlign: 'left',
        color: '#fff',
        background: `linear-gradient(to top, rgba(0,0,0,0.7), transparent 65%), radial-gradient(circle at 50% 45%, rgba(255,255,255,0.16) 0 18%, transparent 19%), linear-gradient(135deg, ${accent}, #15151c 85%)`,
        border: '1px solid rgba(255,255,255,0.08)',
        '&:hover .play, &:focus-visible .play': { transform: 'translate(-50%, -50%) scale(1.08)' },
      }}
    >
      <Box
        aria-hidden
        className="play"
        sx={{
          position: 'absolute',
          top: '45%',
          left: '50%',
          transform: 'translate(-50%, -50%)',
          width: 64,
          height: 64,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(0,0,0,0.55)',
          border: '2px solid rgba(255,255,255,0.85)',
          transition: 'transform .15s ease',
          '& svg': { fontSize: 38 },
        }}
      >
        <PlayArrowIcon />
      </Box>
      <Typography component="span" sx={{ fontWeight: 700, overflowWrap: 'anywhere', textShadow: '0 1px 3px rgba(0,0,0,0.8)' }}>
        {title}
      </Typography>
      <Typography component="span" variant="body2" sx={{ color: 'rgba(255,255,255,0.85)', textShadow: '0 1px 3px rgba(0,0,0,0.8)' }}>
        {t('videos.playsFrom', { provider: embed.provider, host: new URL(embed.embedUrl).hostname })}
      </Typography>
    </ButtonBase>
  );
}

/** A card's videos (docs/contracts.md §3 `videos[]`): YouTube and Vimeo as players loaded on a press, the rest as links. */
export default function Videos({ videos, accent }: { videos: readonly TVideo[]; accent: string }) {
  if (videos.length === 0) return null;
  const shown = videos.map((video) => ({ video, embed: videoEmbed(video.videoUrl) }));
  const links = shown.filter((v) => !v.embed).map((v) => v.video);
  return (
    <Box data-testid="card-videos" sx={{ display: 'grid', gap: 1.5 }}>
      {shown.map(({ video, embed }, i) =>
        embed ? <VideoPlayer key={`v${i}`} video={video} embed={embed} accent={accent} index={i} /> : null,
      )}
      <VideoLinkList videos={links} accent={accent} />
    </Box>
  );
}
