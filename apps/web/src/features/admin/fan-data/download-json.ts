// Saves a JSON document built in memory: a Blob and a temporary <a download>.
export function downloadJson(fileName: string, value: unknown): void {
  const text = JSON.stringify(value, null, 2) + '\n'
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
