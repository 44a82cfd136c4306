// A tap the page got before it could answer it (decision 301). index.html's head script holds a
// tap on a button that only JavaScript answers (a dialog's button, the menu, Sign In, a player)
// while React is not yet attached to the page, or while the part of the page it is in is not yet
// live (a Home section whose code is still on its way): it marks the button `data-waking` (it
// shows it is waking) and keeps it here. Once that part of the page is live, the tap is given to
// it again, so it is never lost.

declare global {
  interface Window {
    /** The button tapped before it could answer (index.html's head script). */
    rdHeldTap?: HTMLElement | null
  }
}

function release(button: HTMLElement): void {
  window.rdHeldTap = null
  button.removeAttribute('data-waking')
}

/**
 * Clicks the held button again, now that the page (or the part of it it is in) is live. A click
 * React cannot answer yet (the button's part of the page is still waiting for its code) never
 * reaches the button: it stays held for the next part that goes live.
 */
export function replayHeldTap(): void {
  const button = window.rdHeldTap
  if (!button) return
  if (!button.isConnected || button.matches(':disabled')) {
    release(button)
    return
  }
  let answered = false
  const reached = () => {
    answered = true
  }
  button.addEventListener('click', reached)
  button.click()
  button.removeEventListener('click', reached)
  if (answered) release(button)
}
