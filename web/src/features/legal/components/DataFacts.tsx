/*
 * Facts the Privacy Policy and the Data Protection Notice both state, written once so the
 * two always agree with each other and with what the product does.
 */

/** What Mr. Market holds about a person, and where each piece comes from. */
export function DataCollectedList() {
  return (
    <ul>
      <li>
        <strong>Account details</strong>: your email address, user name and password. Sign-in is run
        by Amazon Cognito; your password is kept there in protected form and we never see or store
        it ourselves.
      </li>
      <li>
        <strong>Profile photo</strong>, if you upload one.
      </li>
      <li>
        <strong>Your research</strong>: valuations and pitches with the assumptions you enter,
        tracked pitches, your watchlist, saved screeners, and paper portfolios with their orders and
        transactions.
      </li>
      <li>
        <strong>Messages</strong> you send through the contact form or by email: your name, email
        address and what you write.
      </li>
      <li>
        <strong>Technical records</strong>: our servers and content delivery network log requests
        (time, page or API call, IP address, browser type) to keep the service secure and working.
      </li>
      <li>
        <strong>Page views</strong>, only where page-view analytics is switched on: the page's
        address (with codes and ids removed), its title, the previous page, the width of the window
        and the time. No cookies, identifiers or account details are attached, and nothing is sent
        when your browser asks not to be tracked (Do Not Track or Global Privacy Control).
      </li>
    </ul>
  );
}

export function NoCookiesParagraph() {
  return (
    <p>
      Mr. Market sets no cookies and loads no advertising or third-party tracking scripts. When you
      sign in, your sign-in tokens are kept in your browser's local storage so you stay signed in;
      logging out removes them.
    </p>
  );
}

/** The outside services that process personal data for Mr. Market. */
export function ProcessorsList({ place }: { place: string }) {
  return (
    <ul>
      <li>
        <strong>Amazon Web Services (AWS)</strong> hosts the site, the database, profile photos and
        server logs in {place}. Amazon Cognito runs accounts and sign-in; Amazon Simple Email
        Service (SES) sends our emails (account verification, password reset, replies to contact
        messages).
      </li>
      <li>
        <strong>Financial Modeling Prep</strong> supplies market data (on demonstration sites a
        fixed sample data set is used instead). Our servers request the data; your browser does not
        contact the provider and no personal data is sent to it.
      </li>
    </ul>
  );
}

export function DeletionParagraph() {
  return (
    <p>
      You can delete your account at any time from My Account. Deleting it erases, straight away,
      your sign-in account, profile and photo, and all your pitches, tracked pitches, watchlist,
      screeners and portfolios. Copies in our encrypted database backups, which exist only for
      disaster recovery, are overwritten within 35 days.
    </p>
  );
}
