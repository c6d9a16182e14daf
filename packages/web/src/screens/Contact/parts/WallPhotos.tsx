import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { TVirtualContact } from '@vbc/shared/contact';
import { obsecuredDisplayUrl } from '../../../api/contacts.ts';
import { wallPhotos } from '../model.ts';
import { useTranslation } from 'react-i18next';

const ImageViewer = lazy(() => import('../../../components/image-viewer/ImageViewer.tsx'));

/** Photos of the first wall board (docs/contracts.md §2); a tap opens the viewer. */
export default function WallPhotos({ contact, columns = 3 }: { contact: TVirtualContact; columns?: number }) {
  const [open, setOpen] = useState<number | null>(null);
  const { t } = useTranslation('card');
  const images = wallPhotos(contact).map((item, i) => ({
    src: obsecuredDisplayUrl(item.photo.obsecuredDisplayItemId),
    alt: item.caption?.trim() || t('photos.untitled', { number: i + 1 }),
  }));
  if (images.length === 0) return null;
  return (
    <>
      <Box
        component="ul"
        aria-label={t('photos.label')}
        data-testid="wall-photos"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: `repeat(${columns}, 1fr)`, gap: 1 }}
      >
        {images.map((img, i) => (
          <li key={`${img.src}-${i}`}>
            <ButtonBase
              onClick={() => setOpen(i)}
              aria-label={t('photos.open', { name: img.alt })}
              sx={{
                width: '100%',
                aspectRatio: '1 / 1',
                borderRadius: 2,
                overflow: 'hidden',
                display: 'block',
                bgcolor: 'rgba(255,255,255,0.06)',
              }}
            >
              <Box
                component="img"
                src={img.src}
                alt={img.alt}
                loading="lazy"
                decoding="async"
                sx={{
                  width: '100%',
                  height: '100%',
                  objectFit: 'cover',
                  display: 'block',
                  transition: 'transform .25s ease',
                  '&:hover': { transform: 'scale(1.04)' },
                }}
              />
            </ButtonBase>
          </li>
        ))}
      </Box>
      {open !== null && (
        <Suspense fallback={null}>
          <ImageViewer images={images} index={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
