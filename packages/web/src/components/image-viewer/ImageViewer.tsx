import { useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Modal from '@mui/material/Modal';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { fitSize, IMAGE_VIEWER, stepZoom } from './viewer-config.ts';

/** The viewer's round buttons: white on a dark disc that shows over the photo and the backdrop alike. */
const CONTROL: SxProps<Theme> = { color: '#fff', bgcolor: 'rgba(0,0,0,0.45)', '&:hover': { bgcolor: 'rgba(0,0,0,0.7)' } };
/**
 * Previous and Next: inside the screen's safe area with room to spare, and drawn whole — a light
 * ring and a lifted disc, so the half over the dark backdrop does not vanish (it looked cut off).
 */
const ARROW_BUTTON: SxProps<Theme> = {
  width: 48,
  height: 48,
  color: '#fff',
  bgcolor: 'rgba(38,38,50,0.92)',
  border: '1px solid rgba(255,255,255,0.45)',
  boxShadow: '0 4px 14px rgba(0,0,0,0.6)',
  '&:hover': { bgcolor: 'rgba(60,60,76,0.96)' },
};
const ARROW = { position: 'fixed', top: '50%', transform: 'translateY(-50%)', zIndex: 1 } as const;

export interface TViewerImage {
  src: string;
  alt: string;
}

/**
 * Full-screen photo viewer (docs/contracts.md §9 defaults): opens fitted to 90 % of the
 * screen, zooms by 10 % steps (wheel, buttons, + / -), steps with arrows or a
 * swipe, plays a 5 s slideshow; Escape closes.
 */
export default function ImageViewer({ images, index, onClose }: { images: readonly TViewerImage[]; index: number; onClose: () => void }) {
  const { t } = useTranslation('app');
  const format = useFormat();
  const [current, setCurrent] = useState(index);
  const [zoom, setZoom] = useState(1);
  const [playing, setPlaying] = useState(false);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [viewport, setViewport] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  const swipeStart = useRef<number | null>(null);
  const count = images.length;
  const image = images[current];

  const go = useCallback(
    (delta: number) => {
      setCurrent((c) => (c + delta + count) % count);
      setZoom(1);
      setNatural(null);
    },
    [count],
  );

  useEffect(() => {
    const onResize = () => setViewport({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  useEffect(() => {
    if (!playing || count < 2) return;
    const timer = window.setInterval(() => go(1), IMAGE_VIEWER.intervalMs);
    return () => window.clearInterval(timer);
  }, [playing, count, go]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(1);
    else if (e.key === 'ArrowLeft') go(-1);
    else if (e.key === '+' || e.key === '=') setZoom((z) => stepZoom(z, 1));
    else if (e.key === '-') setZoom((z) => stepZoom(z, -1));
    else return;
    e.preventDefault();
  };

  const size = natural ? fitSize(natural, viewport) : null;
  const control = (title: string, onClick: () => void, icon: React.ReactNode, disabled = false, look: SxProps<Theme> = CONTROL) => (
    <Tooltip title={title} enterDelay={IMAGE_VIEWER.tooltipDelayMs} slotProps={{ popper: { sx: { zIndex: IMAGE_VIEWER.zIndex + 1 } } }}>
      <span>
        <IconButton aria-label={title} onClick={onClick} disabled={disabled} sx={look}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  return (
    <Modal open onClose={onClose} sx={{ zIndex: IMAGE_VIEWER.zIndex }} aria-label={t('imageViewer.title')}>
      <Box
        role="dialog"
        aria-modal="true"
        aria-label={t('imageViewer.title')}
        data-testid="image-viewer"
        tabIndex={-1}
        onKeyDown={onKeyDown}
        onWheel={(e) => setZoom((z) => stepZoom(z, e.deltaY < 0 ? 1 : -1))}
        onPointerDown={(e) => {
          swipeStart.current = e.clientX;
        }}
        onPointerUp={(e) => {
          const start = swipeStart.current;
          swipeStart.current = null;
          if (start !== null && zoom === 1 && Math.abs(e.clientX - start) > 60) go(e.clientX < start ? 1 : -1);
        }}
        sx={{
          position: 'fixed',
          inset: 0,
          bgcolor: 'rgba(6,6,10,0.94)',
          outline: 'none',
          display: 'grid',
          placeItems: 'center',
          overflow: 'hidden',
          touchAction: 'pan-y',
        }}
      >
        {image && (
          <Box
            component="img"
            key={image.src}
            src={image.src}
            alt={image.alt}
            draggable={false}
            onLoad={(e: React.SyntheticEvent<HTMLImageElement>) =>
              setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })
            }
            sx={{
              width: size?.width,
              height: size?.height,
              maxWidth: 'none',
              objectFit: 'contain',
              userSelect: 'none',
              transform: `scale(${zoom})`,
              transition: 'transform .12s ease',
              opacity: size ? 1 : 0,
            }}
          />
        )}
        <Box sx={{ position: 'fixed', top: 12, right: 12, display: 'flex', gap: 1 }}>
          {control(t('imageViewer.zoomOut'), () => setZoom((z) => stepZoom(z, -1)), <ZoomOutIcon />, zoom <= IMAGE_VIEWER.minZoom)}
          {control(t('imageViewer.zoomIn'), () => setZoom((z) => stepZoom(z, 1)), <ZoomInIcon />, zoom >= IMAGE_VIEWER.maxZoom)}
          {count > 1 &&
            control(
              playing ? t('imageViewer.pause') : t('imageViewer.play'),
              () => setPlaying((p) => !p),
              playing ? <PauseIcon /> : <PlayArrowIcon />,
            )}
          {control(t('actions.close'), onClose, <CloseIcon />)}
        </Box>
        {count > 1 && (
          <>
            <Box sx={{ ...ARROW, left: 'max(12px, env(safe-area-inset-left))' }}>
              {control(t('imageViewer.previous'), () => go(-1), <ChevronLeftIcon />, false, ARROW_BUTTON)}
            </Box>
            <Box sx={{ ...ARROW, right: 'max(12px, env(safe-area-inset-right))' }}>
              {control(t('imageViewer.next'), () => go(1), <ChevronRightIcon />, false, ARROW_BUTTON)}
            </Box>
          </>
        )}
        <Typography
          sx={{ position: 'fixed', bottom: 16, left: 0, right: 0, textAlign: 'center', color: 'rgba(255,255,255,0.8)' }}
          variant="body2"
        >
          {image?.alt} {count > 1 ? t('imageViewer.position', { current: format.number(current + 1), count: format.number(count) }) : ''}
        </Typography>
      </Box>
    </Modal>
  );
}
