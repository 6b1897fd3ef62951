import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSelectedTabInView } from '../../lib/use-selected-tab-in-view';
import { ContactEditor } from './ContactEditor';
import { FaqManager } from './FaqManager';
import { HeroEditor } from './HeroEditor';
import { MetaTagManager } from './MetaTagManager';
import { OverviewTab } from './OverviewTab';
import { PopupCampaignManager } from './PopupCampaignManager';
import { ProductImagesManager } from './ProductImagesManager';

export const CONTENT_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'contact', label: 'Contact Us' },
  { value: 'homepage', label: 'Homepage' },
  { value: 'faq', label: 'FAQ' },
  { value: 'seo', label: 'SEO Meta' },
  { value: 'images', label: 'Images' },
  { value: 'popups', label: 'Popups' },
] as const;

export type ContentTab = (typeof CONTENT_TABS)[number]['value'];

function isContentTab(value: string | null): value is ContentTab {
  return CONTENT_TABS.some((tab) => tab.value === value);
}

export function ContentPage() {
  useDocumentTitle('Kelola Konten');
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: ContentTab = isContentTab(raw) ? raw : 'overview';
  const tabList = useSelectedTabInView<HTMLDivElement>(tab);
  // The tab lives in the address, so a reload or a shared link opens the same editor.
  const selectTab = (next: ContentTab) =>
    setParams(next === 'overview' ? {} : { tab: next }, { replace: true });

  return (
    <>
      <PageHeader
        title="Kelola Konten"
        description="Ubah teks statis situs, FAQ, tag SEO, galeri produk dan popup."
        backLabel="Kembali ke Dashboard"
      />
      <Tabs
        value={tab}
        onChange={(value) => isContentTab(value) && selectTab(value)}
        keepMounted={false}
        variant="outline"
      >
        <Tabs.List ref={tabList} mb="lg" style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
          {CONTENT_TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="overview">
          <OverviewTab onSelectTab={selectTab} />
        </Tabs.Panel>
        <Tabs.Panel value="contact">
          <ContactEditor />
        </Tabs.Panel>
        <Tabs.Panel value="homepage">
          <HeroEditor />
        </Tabs.Panel>
        <Tabs.Panel value="faq">
          <FaqManager />
        </Tabs.Panel>
        <Tabs.Panel value="seo">
          <MetaTagManager />
        </Tabs.Panel>
        <Tabs.Panel value="images">
          <ProductImagesManager />
        </Tabs.Panel>
        <Tabs.Panel value="popups">
          <PopupCampaignManager />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

export default ContentPage;
