import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useDeferredValue, type ComponentType, type LazyExoticComponent } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { TVirtualContact } from '@vbc/shared/contact';
import type { TLayoutProps } from '../Contact/layout-props.ts';
import { hasLayout, LAYOUT_LOADERS } from '../Contact/layout-loaders.ts';
import { contactModel } from '../Contact/model.ts';

const LAYOUTS: Record<string, LazyExoticComponent<ComponentType<TLayoutProps>>> = Object.fromEntries(
  Object.entries(LAYOUT_LOADERS).map(([name, load]) => [name, lazy(load)]),
);

const noop = () => undefined;

/**
 * The real public layout drawn from the form's values, as visitors will see
 * it. Links inside do nothing here (a tap must not leave the unsaved editor).
 */
export default function LivePreview({ card }: { card: TVirtualContact }) {
  const shown = useDeferredValue(card);
  const { t } = useTranslation('editor');
  const designation = shown.designSpecification.design.designation;
  const Layout = hasLayout(designation) ? LAYOUTS[designation] : undefined;
  return (
    <Box
      data-testid="live-preview"
      data-designation={designation}
      aria-label={t('preview.label')}
      role="region"
      onClickCapture={(e) => {
        if ((e.target as HTMLElement).closest('a')) e.preventDefault();
      }}
      sx={{
        position: 'relative',
        borderRadius: '24px',
        overflow: 'hidden',
        bgcolor: 'background.default',
        border: '1px solid rgba(255,255,255,0.1)',
        boxShadow: '0 24px 60px rgba(0,0,0,0.5)',
        // The layouts' own outer margins and frame are not needed inside this frame.
        '& article': { mt: '0 !important', borderRadius: '0 !important', border: 'none !important', boxShadow: 'none !important' },
        pb: 2,
      }}
    >
      <Suspense
        fallback={
          <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 320 }}>
            <CircularProgress aria-label={t('preview.loading')} />
          </Box>
        }
      >
        {Layout && <Layout model={contactModel(shown, null)} onPinGranted={noop} />}
      </Suspense>
    </Box>
  );
}
