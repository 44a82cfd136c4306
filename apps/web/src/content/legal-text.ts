// The text of the footer's legal notices (content/legal.ts names them), loaded when a notice's
// dialog is reached for: no page needs it before.
import type { LegalTextId } from './legal'

export type LegalBlock = {
  heading?: string
  paragraphs?: readonly string[]
  list?: readonly string[]
}

export const legalText: Record<LegalTextId, readonly LegalBlock[]> = {
  privacy: [
    {
      heading: 'Who runs this site',
      paragraphs: [
        'Rent Due Fan Site is an unofficial, non-commercial site made by fans of the series. It is run by a small volunteer team, not by the show’s studio or network.',
      ],
    },
    {
      heading: 'What we store and why',
      list: [
        'Fan club sign-ups: your name and email, to send club news.',
        'Contact messages: your name, email and comment, to answer you.',
        'Q&A sign-ups: your name, username and email, to send meeting details for the virtual cast Q&A.',
        'Quiz entries: your name, email and score, to run the monthly merch giveaway.',
        'Team applications: your name, email, role and, if you give them, your Instagram handle and comments, to review your application.',
      ],
    },
    {
      heading: 'What stays on your device',
      paragraphs: [
        'We use your browser’s local storage, not tracking cookies. The keys are: ageVerified (that you confirmed you are 18 or older), the Bill Collector best score, and, only if you sign in, the session kept by our backend library.',
      ],
    },
    {
      heading: 'What we never do',
      paragraphs: [
        'We do not sell, rent or trade your data, we do not run advertising trackers, and only the volunteers who answer forms can read what you send.',
      ],
    },
    {
      heading: 'Deletion and questions',
      paragraphs: [
        'Ask us through the Contact form to see, correct or delete anything you sent. We answer within 30 days. Form entries we no longer need are deleted after 12 months.',
      ],
    },
  ],
  terms: [
    {
      heading: 'The basics',
      paragraphs: [
        'This is an unofficial fan site for Rent Due, a series for mature audiences. By using it you confirm you are 18 or older and agree to these terms.',
      ],
    },
    {
      heading: 'Be decent',
      list: [
        'Send only your own details in forms, and only true ones.',
        'No spam, harassment, hate or anything illegal in messages or applications.',
        'Do not try to break, overload or scrape the site.',
      ],
    },
    {
      heading: 'Shop and outside links',
      paragraphs: [
        'Merchandise links go to an external store. Orders, payment and returns are between you and that store; we do not handle money.',
      ],
    },
    {
      heading: 'No guarantees',
      paragraphs: [
        'The site is offered as is, by volunteers. Games, giveaways and pages may change or stop at any time. We may remove content or block access that breaks these terms.',
      ],
    },
  ],
  copyright: [
    {
      paragraphs: [
        '© 2024 Rent Due Fan Site. All rights reserved.',
        'Rent Due, its characters, names, episodes and music belong to their respective owners and are used here by fans, for fans, without commercial purpose.',
        'The original art, illustrations, games and code of this site are the work of this project’s contributors. Please do not reuse them without asking.',
        'If you own something shown here and want it credited or removed, tell us through Contact and we will act promptly.',
      ],
    },
  ],
  disclaimer: [
    {
      paragraphs: [
        'Rent Due is intended for mature audiences only. Rated MA (17+), it contains strong language, crude humor, sexual references and depictions of drug use.',
        'All characters and events are fictional. Any resemblance to real persons, living or dead, or to actual landlords, is purely coincidental.',
        'Viewer discretion is advised.',
      ],
    },
  ],
}
