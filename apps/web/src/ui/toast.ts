// The toast API features use. Errors default to the title 'Error' (docs/product/errors.md#toasts);
// the Toaster gives them the destructive style. sonner is loaded on demand to keep it out of the
// entry bundle.
import { requestToaster, toasterReady } from './toaster-ready'

async function sonner() {
  requestToaster()
  const [{ toast }] = await Promise.all([import('sonner'), toasterReady])
  return toast
}

export const toast = {
  error(message: string, title = 'Error'): void {
    void sonner().then((t) => t.error(title, { description: message }))
  },
  success(title: string, message?: string): void {
    void sonner().then((t) => t.success(title, message ? { description: message } : undefined))
  },
}
