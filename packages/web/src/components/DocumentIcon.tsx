import AudioFileOutlinedIcon from '@mui/icons-material/AudioFileOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import VideoFileOutlinedIcon from '@mui/icons-material/VideoFileOutlined';
import { documentKind } from '../messaging/thread-model.ts';

/** An icon by content type (docs/contracts.md §2): image, video, audio, text, other document. */
export default function DocumentIcon({ contentType }: { contentType: string }) {
  const kind = documentKind(contentType);
  const props = { 'data-kind': kind, 'aria-hidden': true } as const;
  if (kind === 'image') return <ImageOutlinedIcon {...props} />;
  if (kind === 'video') return <VideoFileOutlinedIcon {...props} />;
  if (kind === 'audio') return <AudioFileOutlinedIcon {...props} />;
  if (kind === 'text') return <ArticleOutlinedIcon {...props} />;
  return <InsertDriveFileOutlinedIcon {...props} />;
}
