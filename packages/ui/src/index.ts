export { Alert, AlertDescription, type AlertProps, AlertTitle, alertVariants } from './components/alert.tsx';
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
export { Spinner, type SpinnerProps } from './components/spinner.tsx';
export { TextInput, type TextInputProps, type TextInputType } from './components/text-input.tsx';
export { cn } from './lib/cn.ts';
