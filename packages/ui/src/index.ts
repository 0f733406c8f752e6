export { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from './components/accordion.tsx';
export { Alert, AlertDescription, type AlertProps, AlertTitle, alertVariants } from './components/alert.tsx';
export {
  BAR_RADIUS,
  BarChartCard,
  type BarChartCardProps,
  Y_AXIS_FONT_SIZE,
} from './components/bar-chart-card.tsx';
export {
  Button,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
  buttonVariants,
} from './components/button.tsx';
export {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  type CardTitleProps,
} from './components/card.tsx';
export { Checkbox, type CheckboxProps } from './components/checkbox.tsx';
export {
  DatePicker,
  type DatePickerProps,
  type DateRangeValue,
  type DateRule,
  type DateValue,
} from './components/date-picker.tsx';
export { Drawer, type DrawerProps } from './components/drawer.tsx';
export { Dropdown, type DropdownOption, type DropdownProps } from './components/dropdown.tsx';
export { EmailPulse, type EmailPulseProps } from './components/email-pulse.tsx';
export { FieldError } from './components/field-error.tsx';
export { FieldLabel, type FieldLabelProps } from './components/field-label.tsx';
export { Form, type FormProps } from './components/form.tsx';
export { FormCheckbox, type FormCheckboxProps } from './components/form-checkbox.tsx';
export { FormErrorSummary, type FormErrorSummaryProps } from './components/form-error-summary.tsx';
export { FormField, type FormFieldProps, type FormFieldRenderProps } from './components/form-field.tsx';
export { FormTextInput, type FormTextInputProps } from './components/form-text-input.tsx';
export { ImagePicker, type ImagePickerProps } from './components/image-picker.tsx';
export { LazyImage, type LazyImageProps } from './components/lazy-image.tsx';
export { LoadingStatus, type LoadingStatusProps } from './components/loading-status.tsx';
export { LoadingTable, type LoadingTableProps } from './components/loading-table.tsx';
export { Modal, type ModalProps } from './components/modal.tsx';
export {
  NavigationMenu,
  NavigationMenuItem,
  NavigationMenuLink,
  NavigationMenuList,
} from './components/navigation-menu.tsx';
export { Pagination, type PaginationProps } from './components/pagination.tsx';
export { PeriodSelector, type PeriodSelectorProps, periodLabel } from './components/period-selector.tsx';
export {
  POPOVER_CLOSE_DELAY,
  POPOVER_OPEN_DELAY,
  Popover,
  type PopoverProps,
} from './components/popover.tsx';
export { ProgressBar, type ProgressBarProps, type ProgressStep } from './components/progress-bar.tsx';
export { ProviderStatusList, type ProviderStatusListProps } from './components/provider-status-list.tsx';
export { SearchInput, type SearchInputProps } from './components/search-input.tsx';
export {
  type SidebarLinkComponent,
  SidebarMenu,
  type SidebarMenuItem,
  type SidebarMenuProps,
} from './components/sidebar-menu.tsx';
export { Skeleton } from './components/skeleton.tsx';
export { SkeletonText, type SkeletonTextProps } from './components/skeleton-text.tsx';
export { Spinner, type SpinnerProps } from './components/spinner.tsx';
export { SuccessPulse, type SuccessPulseProps } from './components/success-pulse.tsx';
export { Table, type TableColumn, type TableProps, type TableSort } from './components/table.tsx';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './components/tabs.tsx';
export { Tag, type TagProps, type TagSize, type TagVariant, tagVariants } from './components/tag.tsx';
export {
  TextInput,
  type TextInputProps,
  type TextInputRule,
  type TextInputType,
} from './components/text-input.tsx';
export {
  TOAST_DEFAULT_DURATION,
  TOAST_EXIT_MS,
  type ToastItem,
  type ToastOptions,
  type ToastType,
  toast,
  useToasts,
} from './components/toast.ts';
export { Toaster, type ToasterProps } from './components/toaster.tsx';
export { TransactionsCard, type TransactionsCardProps } from './components/transactions-card.tsx';
export { cn } from './lib/cn.ts';
export { CROP_CANVAS_SIZE, CROP_HANDLE_SIZE, CROP_MIN_SIZE } from './lib/crop-box.ts';
export { DATE_MODEL_FORMAT, fromModelDate, toModelDate } from './lib/date-model.ts';
export { formatCompactAud } from './lib/format-compact-aud.ts';
export {
  IMAGE_ACCEPTED_TYPES,
  IMAGE_HELP_TEXT,
  IMAGE_INVALID_MESSAGE,
  IMAGE_MAX_FILE_SIZE,
  isValidImageFile,
} from './lib/image-file.ts';
export { pageCount } from './lib/page-count.ts';
export { type ChartDatum, parseChartData } from './lib/parse-chart-data.ts';
export {
  filterProviders,
  type ProviderListItem,
  type ProviderStatusFilter,
  parseProviders,
} from './lib/provider-status.ts';
export type { SortOrder } from './lib/sort-rows.ts';
