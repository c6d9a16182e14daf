import { useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import VisibilityIcon from '@mui/icons-material/Visibility';
import DownloadIcon from '@mui/icons-material/Download';
import type { TVirtualContact } from '@vbc/shared/contact';

/** Counts in the page's language; the server, which knows none, writes them as 'en' does (and the page hydrates so). */
const browserFormat = (n: number) => new Intl.NumberFormat().format(n);
const serverFormat = (n: number) => new Intl.NumberFormat('en').format(n);
const noSubscription = () => () => undefined;

/** docs/contracts.md §2: the card's view count and download count. */
export default function Stats({ stats }: { stats: TVirtualContact['stats'] }) {
  const fmt = useSyncExternalStore(
    noSubscription,
    () => browserFormat,
    () => serverFormat,
  );
  const plural = (n: number, one: string, many: string) => `${fmt(n)} ${n === 1 ? one : many}`;
  return (
    <Box data-testid="stats" sx={{ display: 'flex', justifyContent: 'center', gap: 3, color: 'text.secondary', '& svg': { fontSize: 18 } }}>
      <Typography variant="body2" data-testid="view-count" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
        <VisibilityIcon aria-hidden /> {plural(stats.viewCount, 'view', 'views')}
      </Typography>
      <Typography variant="body2" data-testid="download-count" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
        <DownloadIcon aria-hidden /> {plural(stats.downloadCount, 'download', 'downloads')}
      </Typography>
    </Box>
  );
}
