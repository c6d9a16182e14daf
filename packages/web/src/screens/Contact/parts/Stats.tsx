import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import VisibilityIcon from '@mui/icons-material/Visibility';
import DownloadIcon from '@mui/icons-material/Download';
import type { TVirtualContact } from '@vbc/shared/contact';
import { useTranslation } from 'react-i18next';

/**
 * docs/contracts.md §2: the card's view count and download count, in the page's language (its plural
 * forms and digits; the server renders them in the same language the page hydrates in).
 */
export default function Stats({ stats }: { stats: TVirtualContact['stats'] }) {
  const { t } = useTranslation('card');
  return (
    <Box data-testid="stats" sx={{ display: 'flex', justifyContent: 'center', gap: 3, color: 'text.secondary', '& svg': { fontSize: 18 } }}>
      <Typography variant="body2" data-testid="view-count" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
        <VisibilityIcon aria-hidden /> {t('stats.views', { count: stats.viewCount })}
      </Typography>
      <Typography variant="body2" data-testid="download-count" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
        <DownloadIcon aria-hidden /> {t('stats.downloads', { count: stats.downloadCount })}
      </Typography>
    </Box>
  );
}
