import { tenantIds } from '@waratah/tenants';
import { AccordionSection } from './sections/accordion-section.tsx';
import { BarChartSection } from './sections/bar-chart-section.tsx';
import { ButtonSection } from './sections/button-section.tsx';
import { CardSection } from './sections/card-section.tsx';
import { CheckboxSection } from './sections/checkbox-section.tsx';
import { DatePickerSection } from './sections/date-picker-section.tsx';
import { DrawerSection } from './sections/drawer-section.tsx';
import { DropdownSection } from './sections/dropdown-section.tsx';
import { FormSection } from './sections/form-section.tsx';
import { ImagePickerSection } from './sections/image-picker-section.tsx';
import { LoadingSection } from './sections/loading-section.tsx';
import { ModalSection } from './sections/modal-section.tsx';
import { NavigationMenuSection } from './sections/navigation-menu-section.tsx';
import { PeriodSelectorSection } from './sections/period-selector-section.tsx';
import { PopoverSection } from './sections/popover-section.tsx';
import { ProgressBarSection } from './sections/progress-bar-section.tsx';
import { ProviderStatusListSection } from './sections/provider-status-list-section.tsx';
import { PulseSection } from './sections/pulse-section.tsx';
import { SidebarMenuSection } from './sections/sidebar-menu-section.tsx';
import { TableSection } from './sections/table-section.tsx';
import { TabsSection } from './sections/tabs-section.tsx';
import { TagSection } from './sections/tag-section.tsx';
import { TextInputSection } from './sections/text-input-section.tsx';
import { ToastSection } from './sections/toast-section.tsx';
import { TransactionsCardSection } from './sections/transactions-card-section.tsx';

export interface GalleryProps {
  tenant: string;
}

export function Gallery({ tenant }: GalleryProps) {
  return (
    <>
      <header className="flex flex-wrap items-center justify-between gap-4 bg-primary px-8 py-5 text-button-primary-foreground">
        <h1 className="font-semibold text-2xl">Component gallery</h1>
        <nav aria-label="Tenant themes" className="flex gap-2">
          {tenantIds.map((id) => (
            <a
              key={id}
              href={`?tenant=${id}`}
              aria-current={id === tenant ? 'page' : undefined}
              className="rounded-md px-3 py-1.5 font-medium text-sm underline-offset-4 hover:underline aria-[current=page]:bg-surface aria-[current=page]:text-primary"
            >
              {id}
            </a>
          ))}
        </nav>
      </header>
      <main className="mx-auto flex max-w-6xl flex-col gap-6 px-6 py-8">
        <ButtonSection />
        <TextInputSection />
        <CheckboxSection />
        <DropdownSection />
        <CardSection />
        <TagSection />
        <TabsSection />
        <AccordionSection />
        <NavigationMenuSection />
        <ProgressBarSection />
        <TableSection />
        <LoadingSection />
        <TransactionsCardSection />
        <ModalSection />
        <ToastSection />
        <DatePickerSection />
        <PopoverSection />
        <PeriodSelectorSection />
        <ImagePickerSection />
        <PulseSection />
        <BarChartSection />
        <SidebarMenuSection />
        <DrawerSection />
        <ProviderStatusListSection />
        <FormSection />
      </main>
    </>
  );
}
