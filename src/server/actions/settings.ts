import type { SettingPage } from '../../core/contract';
import { appLanguages } from '../domain/app-languages';
import { mergedCatalogue, translationOverrides, translationsVersion } from '../domain/admin/site-settings';
import { contentLanguages, resolveLanguageId } from '../domain/languages';
import { sql } from '../db/client';
import type { Handlers } from '../http/context';

/** The pages' demo text, until the operator writes their own in the console (paragraphs: blank lines). */
export const DEFAULT_PAGES: Record<SettingPage, string> = {
  about_us: [
    'QuizHub is a quiz game for curious people: a daily quiz, levels by category, battles against friends or anyone online, contests with prizes and exams.',
    'Every answer is graded by our server, so scores and leaderboards are fair for everyone. Coins come only from real play.',
    'The app works on a train too: daily quizzes, fun and learn texts and your bookmarks play offline, and your results are sent when you are back online.',
  ].join('\n\n'),
  contact_us: [
    'Questions, a wrong answer in a question, or a problem with your account or a payout? Write to us and we answer within two working days.',
    'To report a question, open it in a quiz and use "Report" below it: it reaches the team with the question attached.',
  ].join('\n\n'),
  privacy_policy: [
    'What we keep: your name, your e-mail or phone number, your picture if you add one, your games, answers, coins and payouts.',
    'Why: to run your account, grade your answers, show leaderboards and pay out coins you request. We do not sell your data and show no third-party ads.',
    'Your device keeps your sign-in and, for offline play, the quizzes of the day; logging out removes them.',
    'Deleting your account erases your personal data. Records of coins and payouts are kept without your name, as the law on payments requires.',
  ].join('\n\n'),
  terms_conditions: [
    'Play fair: one account per person, no scripts, no shared answers during contests and exams. Answers given faster than a person can read earn nothing.',
    'Coins have no cash value except through the payout rules shown in your wallet. Coins won by breaking these rules may be taken back, and the account closed.',
    'Contests pay their prizes when they end, by rank; equal scores share a rank.',
  ].join('\n\n'),
  instructions: [
    'Quiz zone: pick a category and a level. Answer before the timer ends. Clear a level to unlock the next one, and earn coins the first time you clear it.',
    'Daily quiz: one quiz a day for everyone; play it every day to grow your streak.',
    'Battles: play one against one with a random opponent, a friend or the robot, or up to four in a group. The fastest right answers score the most.',
    'Lifelines cost a few coins: fifty-fifty, the audience poll, more time, or a skip.',
  ].join('\n\n'),
  faq: [
    'How do I earn coins? Clear quiz-zone levels for the first time, play the daily quiz, win battles and contests, and invite friends.',
    'Why did an answer earn nothing? Answers faster than a person can read, and levels already cleared, pay no coins.',
    'Can I play offline? Yes: the daily quiz, fun and learn and your bookmarks. Your results are sent when you are online again.',
    'How do payouts work? When your coins reach the minimum shown in your wallet, request a payout; the team reviews it.',
  ].join('\n\n'),
};

/** The demo text in Arabic, for an Arabic interface (the operator's own text, when written, wins). */
const DEFAULT_PAGES_AR: Record<SettingPage, string> = {
  about_us: [
    'كويز هب لعبة أسئلة للفضوليين: اختبار يومي، ومستويات حسب الفئة، ومواجهات مع الأصدقاء أو أي لاعب متصل، ومسابقات بجوائز، وامتحانات.',
    'خادمنا يصحّح كل إجابة، فتكون النتائج ولوحات المتصدرين عادلة للجميع. العملات لا تأتي إلا من لعب حقيقي.',
    'يعمل التطبيق في القطار أيضًا: الاختبارات اليومية ونصوص «تعلّم واستمتع» والأسئلة المحفوظة تُلعب دون اتصال، وتُرسل نتائجك عند عودتك إلى الإنترنت.',
  ].join('\n\n'),
  contact_us: [
    'سؤال، أو إجابة خاطئة في سؤال، أو مشكلة في حسابك أو في طلب سحب؟ راسلنا ونردّ خلال يومَي عمل.',
    'للإبلاغ عن سؤال، افتحه في اختبار واستخدم «إبلاغ» أسفله: يصل إلى الفريق ومعه السؤال.',
  ].join('\n\n'),
  privacy_policy: [
    'ما نحفظه: اسمك، وبريدك الإلكتروني أو رقم هاتفك، وصورتك إن أضفتها، وألعابك وإجاباتك وعملاتك وطلبات السحب.',
    'لماذا: لتشغيل حسابك، وتصحيح إجاباتك، وعرض لوحات المتصدرين، وصرف العملات التي تطلب سحبها. لا نبيع بياناتك ولا نعرض إعلانات من جهات أخرى.',
    'يحفظ جهازك تسجيل دخولك، وللعب دون اتصال اختبارات اليوم؛ وتسجيل الخروج يحذفها.',
    'حذف حسابك يمحو بياناتك الشخصية. تُحفظ سجلات العملات والسحب دون اسمك، كما يقتضي قانون المدفوعات.',
  ].join('\n\n'),
  terms_conditions: [
    'العب بنزاهة: حساب واحد لكل شخص، ولا برامج آلية، ولا تبادل للإجابات أثناء المسابقات والامتحانات. الإجابات الأسرع من قدرة الإنسان على القراءة لا تكسب شيئًا.',
    'لا قيمة نقدية للعملات إلا عبر قواعد السحب المعروضة في محفظتك. قد تُسترد العملات المكسوبة بمخالفة هذه الشروط ويُغلق الحساب.',
    'تُصرف جوائز المسابقات عند انتهائها حسب الترتيب؛ والنتائج المتساوية تتشارك الترتيب.',
  ].join('\n\n'),
  instructions: [
    'منطقة الاختبارات: اختر فئة ومستوى، وأجب قبل انتهاء الوقت. اجتز المستوى لفتح التالي، واكسب العملات في أول مرة تجتازه.',
    'الاختبار اليومي: اختبار واحد كل يوم للجميع؛ العبه يوميًا لتطيل سلسلة أيامك.',
    'المواجهات: العب واحدًا لواحد مع منافس عشوائي أو صديق أو الروبوت، أو حتى أربعة في مجموعة. الإجابات الصحيحة الأسرع تكسب أكثر.',
    'وسائل المساعدة تكلّف بضع عملات: حذف إجابتين، ورأي الجمهور، ووقت إضافي، وتخطي السؤال.',
  ].join('\n\n'),
  faq: [
    'كيف أكسب العملات؟ اجتز مستويات منطقة الاختبارات أول مرة، والعب الاختبار اليومي، واربح المواجهات والمسابقات، وادعُ أصدقاءك.',
    'لماذا لم تكسب إجابة شيئًا؟ الإجابات الأسرع من قدرة الإنسان على القراءة، والمستويات التي اجتزتها من قبل، لا تمنح عملات.',
    'هل يمكنني اللعب دون اتصال؟ نعم: الاختبار اليومي و«تعلّم واستمتع» وأسئلتك المحفوظة. تُرسل نتائجك عند عودة الاتصال.',
    'كيف يعمل السحب؟ عندما تبلغ عملاتك الحد الأدنى المعروض في محفظتك، اطلب السحب؛ ويراجعه الفريق.',
  ].join('\n\n'),
};

/** The demo text of a page in an interface language (English for one without its own). */
export function defaultPage(type: SettingPage, language = 'en'): string {
  return (language.split('-')[0] === 'ar' ? DEFAULT_PAGES_AR : DEFAULT_PAGES)[type];
}

export const settingsHandlers: Handlers<
  | 'get_settings'
  | 'get_system_configurations'
  | 'get_web_settings'
  | 'get_web_home_settings'
  | 'get_languages'
  | 'get_system_language_list'
  | 'get_system_language_json'
  | 'get_translation_overrides'
> = {
  async get_settings({ type, language }, { db, services }) {
    const pages = (await services.settings.all(db)).pages;
    const own = pages[type];
    return own
      ? { type, message: own, is_default: false }
      : { type, message: defaultPage(type, language), is_default: true };
  },

  async get_system_configurations(_i, { db, services }) {
    return { ...(await services.settings.system(db)), battle: services.battles.setup.rules };
  },

  async get_web_settings(_i, { db, services }) {
    const sys = await services.settings.system(db);
    const { config } = services;
    const langs = await appLanguages();
    return {
      app_name: sys.app_name,
      tagline: 'Play. Learn. Win.',
      theme_color: '#5b3cc4',
      logo: '/icons/icon.svg',
      auth: {
        email: true,
        mobile: Boolean(config.SMS_WEBHOOK_URL) || config.mailTransport === 'outbox',
        google: Boolean(config.GOOGLE_CLIENT_ID),
        google_client_id: config.GOOGLE_CLIENT_ID ?? '',
        firebase: config.firebase?.web ?? null,
      },
      demo_mode: config.DEMO_MODE,
      maintenance_mode: sys.maintenance_mode === '1',
      maintenance_message: sys.maintenance_mode === '1' ? sys.maintenance_message : '',
      default_app_language: langs.find((l) => l.is_default)?.code ?? 'en',
      translations_version: await translationsVersion(db),
    };
  },

  async get_web_home_settings({ language_id }, { db, services }) {
    const id = await resolveLanguageId(db, services.settings, language_id);
    const lang = await db.one<{ code: string }>(sql`SELECT code FROM languages WHERE id = ${id}`);
    const home = (await services.settings.all(db)).home[lang?.code ?? 'en'];
    return {
      language_id: id,
      title: home?.title ?? 'Ready for a challenge?',
      subtitle: home?.subtitle ?? 'Pick a mode and start playing.',
    };
  },

  async get_languages(_i, { db }) {
    return contentLanguages(db);
  },

  async get_system_language_list() {
    return appLanguages();
  },

  async get_translation_overrides({ language }, { db }) {
    return Object.fromEntries(await translationOverrides(db, language));
  },

  // The shipped catalogue with the operator's texts over it.
  async get_system_language_json({ language }, { db }) {
    return mergedCatalogue(db, language);
  },
};
