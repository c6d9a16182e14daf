import { useTranslation } from 'react-i18next';
import ShareIcon from '@mui/icons-material/Share';
import EditorSection from '../../../components/editor/EditorSection.tsx';
import SocialRows from '../../../components/editor/SocialRows.tsx';
import type { TSectionProps } from './types.ts';

/** Social networks: all 12 types, by account id, URL or QR image (WeChat: QR only). */
export default function SocialSection({ form, set, errors }: TSectionProps) {
  const { t } = useTranslation('editor');
  return (
    <EditorSection id="social" icon={<ShareIcon />} title={t('social.title')} hint={t('social.hint')}>
      <SocialRows rows={form.socialMedias} onChange={(update) => set('socialMedias', update)} errors={errors} path="socialMedias" />
    </EditorSection>
  );
}
