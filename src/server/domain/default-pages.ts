// The operator's pages (about us, terms, ...) as demo text, until the operator writes their own in
// the console. One text per interface language; paragraphs are separated by blank lines.
import type { SettingPage } from '../../core/contract';

/** The pages' demo text in English (also what the console shows as the default). */
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

const AR: Record<SettingPage, string> = {
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

const FR: Record<SettingPage, string> = {
  about_us: [
    'QuizHub est un jeu de questions pour les curieux : un quiz du jour, des niveaux par catégorie, des duels contre des amis ou n’importe qui en ligne, des concours avec des prix et des examens.',
    'Chaque réponse est corrigée par notre serveur : les scores et les classements sont justes pour tout le monde. Les pièces ne viennent que du jeu réel.',
    'L’application marche aussi dans le train : le quiz du jour, les textes « Apprendre en s’amusant » et vos favoris se jouent hors ligne, et vos résultats partent dès que vous êtes de nouveau connecté.',
  ].join('\n\n'),
  contact_us: [
    'Une question, une réponse fausse dans un quiz, un souci avec votre compte ou un retrait ? Écrivez-nous : nous répondons sous deux jours ouvrés.',
    'Pour signaler une question, ouvrez-la dans un quiz et touchez « Signaler » en dessous : elle parvient à l’équipe avec votre message.',
  ].join('\n\n'),
  privacy_policy: [
    'Ce que nous gardons : votre nom, votre adresse e-mail ou votre numéro de téléphone, votre photo si vous en ajoutez une, vos parties, vos réponses, vos pièces et vos retraits.',
    'Pourquoi : pour faire fonctionner votre compte, corriger vos réponses, afficher les classements et verser les pièces dont vous demandez le retrait. Nous ne vendons pas vos données et n’affichons aucune publicité de tiers.',
    'Votre appareil garde votre connexion et, pour le jeu hors ligne, les quiz du jour ; la déconnexion les efface.',
    'La suppression de votre compte efface vos données personnelles. Les relevés de pièces et de retraits sont conservés sans votre nom, comme l’exige la loi sur les paiements.',
  ].join('\n\n'),
  terms_conditions: [
    'Jouez franc jeu : un compte par personne, pas de scripts, pas de réponses partagées pendant les concours et les examens. Une réponse donnée plus vite qu’une personne ne peut lire ne rapporte rien.',
    'Les pièces n’ont aucune valeur en argent, sauf selon les règles de retrait affichées dans votre portefeuille. Les pièces gagnées en enfreignant ces règles peuvent être reprises et le compte fermé.',
    'Les concours versent leurs prix à leur clôture, selon le rang ; les scores égaux partagent le même rang.',
  ].join('\n\n'),
  instructions: [
    'Zone de quiz : choisissez une catégorie et un niveau, puis répondez avant la fin du chrono. Réussissez un niveau pour débloquer le suivant ; la première réussite rapporte des pièces.',
    'Quiz du jour : un quiz par jour, le même pour tous ; jouez-le chaque jour pour allonger votre série.',
    'Duels : affrontez un adversaire au hasard, un ami ou le robot, ou jouez jusqu’à quatre en groupe. Les bonnes réponses les plus rapides marquent le plus de points.',
    'Les jokers coûtent quelques pièces : cinquante-cinquante, l’avis du public, du temps en plus ou passer la question.',
  ].join('\n\n'),
  faq: [
    'Comment gagner des pièces ? Réussissez des niveaux de la zone de quiz pour la première fois, jouez le quiz du jour, gagnez des duels et des concours, et invitez vos amis.',
    'Pourquoi une réponse n’a-t-elle rien rapporté ? Les réponses plus rapides que la lecture et les niveaux déjà réussis ne rapportent pas de pièces.',
    'Puis-je jouer hors ligne ? Oui : le quiz du jour, « Apprendre en s’amusant » et vos favoris. Vos résultats partent dès que la connexion revient.',
    'Comment fonctionnent les retraits ? Quand vos pièces atteignent le minimum indiqué dans votre portefeuille, demandez un retrait ; l’équipe l’examine.',
  ].join('\n\n'),
};

const HI: Record<SettingPage, string> = {
  about_us: [
    'क्विज़हब जिज्ञासु लोगों के लिए एक क्विज़ खेल है: रोज़ का क्विज़, श्रेणी के अनुसार स्तर, दोस्तों या किसी भी ऑनलाइन खिलाड़ी से मुक़ाबले, इनाम वाली प्रतियोगिताएँ और परीक्षाएँ।',
    'हर उत्तर की जाँच हमारा सर्वर करता है, इसलिए स्कोर और लीडरबोर्ड सबके लिए निष्पक्ष हैं। सिक्के केवल असली खेल से मिलते हैं।',
    'ऐप ट्रेन में भी चलता है: रोज़ का क्विज़, "खेल-खेल में सीखें" के पाठ और आपके बुकमार्क बिना इंटरनेट के खेले जा सकते हैं, और ऑनलाइन लौटते ही आपके नतीजे भेज दिए जाते हैं।',
  ].join('\n\n'),
  contact_us: [
    'कोई सवाल, किसी प्रश्न में ग़लत उत्तर, या आपके खाते या भुगतान में कोई समस्या? हमें लिखें, हम दो कार्यदिवसों में जवाब देते हैं।',
    'किसी प्रश्न की शिकायत करने के लिए उसे क्विज़ में खोलें और नीचे "रिपोर्ट करें" चुनें: वह प्रश्न के साथ टीम तक पहुँच जाएगी।',
  ].join('\n\n'),
  privacy_policy: [
    'हम क्या रखते हैं: आपका नाम, आपका ई-मेल या फ़ोन नंबर, आपकी तस्वीर अगर आप जोड़ें, आपके खेल, उत्तर, सिक्के और भुगतान।',
    'क्यों: आपका खाता चलाने, आपके उत्तर जाँचने, लीडरबोर्ड दिखाने और आपके माँगे गए सिक्कों का भुगतान करने के लिए। हम आपका डेटा नहीं बेचते और किसी दूसरी कंपनी के विज्ञापन नहीं दिखाते।',
    'आपका डिवाइस आपका साइन-इन और, बिना इंटरनेट के खेलने के लिए, उस दिन के क्विज़ रखता है; लॉग आउट करने पर वे हट जाते हैं।',
    'खाता हटाने पर आपका निजी डेटा मिट जाता है। सिक्कों और भुगतानों का हिसाब आपके नाम के बिना रखा जाता है, जैसा भुगतान से जुड़ा क़ानून कहता है।',
  ].join('\n\n'),
  terms_conditions: [
    'ईमानदारी से खेलें: हर व्यक्ति का एक खाता, कोई स्क्रिप्ट नहीं, प्रतियोगिताओं और परीक्षाओं के दौरान उत्तर साझा नहीं। इंसान के पढ़ने से भी तेज़ दिए गए उत्तरों पर कुछ नहीं मिलता।',
    'सिक्कों का कोई नक़द मूल्य नहीं है, सिवाय आपके वॉलेट में दिखाए गए भुगतान नियमों के। इन नियमों को तोड़कर जीते गए सिक्के वापस लिए जा सकते हैं और खाता बंद किया जा सकता है।',
    'प्रतियोगिताएँ ख़त्म होने पर रैंक के अनुसार इनाम देती हैं; बराबर स्कोर वालों की रैंक एक ही होती है।',
  ].join('\n\n'),
  instructions: [
    'क्विज़ ज़ोन: एक श्रेणी और एक स्तर चुनें, और समय ख़त्म होने से पहले उत्तर दें। अगला स्तर खोलने के लिए यह स्तर पार करें; पहली बार पार करने पर सिक्के मिलते हैं।',
    'रोज़ का क्विज़: हर दिन सबके लिए एक क्विज़; अपनी लगातार दिनों की गिनती बढ़ाने के लिए इसे रोज़ खेलें।',
    'मुक़ाबले: किसी अनजान खिलाड़ी, दोस्त या रोबोट से आमने-सामने खेलें, या समूह में चार तक खिलाड़ी। सबसे तेज़ सही उत्तरों को सबसे ज़्यादा अंक मिलते हैं।',
    'लाइफ़लाइन कुछ सिक्कों की होती हैं: पचास-पचास, दर्शकों की राय, ज़्यादा समय, या प्रश्न छोड़ना।',
  ].join('\n\n'),
  faq: [
    'सिक्के कैसे कमाएँ? क्विज़ ज़ोन के स्तर पहली बार पार करें, रोज़ का क्विज़ खेलें, मुक़ाबले और प्रतियोगिताएँ जीतें, और दोस्तों को बुलाएँ।',
    'किसी उत्तर पर कुछ क्यों नहीं मिला? पढ़ने से भी तेज़ दिए गए उत्तरों और पहले से पार किए गए स्तरों पर सिक्के नहीं मिलते।',
    'क्या मैं बिना इंटरनेट के खेल सकता हूँ? हाँ: रोज़ का क्विज़, "खेल-खेल में सीखें" और आपके बुकमार्क। इंटरनेट लौटते ही आपके नतीजे भेज दिए जाते हैं।',
    'भुगतान कैसे होता है? जब आपके सिक्के वॉलेट में दिखाई गई न्यूनतम सीमा तक पहुँच जाएँ, भुगतान का अनुरोध करें; टीम उसकी जाँच करती है।',
  ].join('\n\n'),
};

const BY_LANGUAGE: Record<string, Record<SettingPage, string>> = { en: DEFAULT_PAGES, ar: AR, fr: FR, hi: HI };

/** The demo text of a page in an interface language (English for one without its own). */
export function defaultPage(type: SettingPage, language = 'en'): string {
  return BY_LANGUAGE[pageLanguage(language)]![type];
}

/** The language of the demo pages an interface language reads (English for one without its own). */
export function pageLanguage(language = 'en'): string {
  const base = language.split('-')[0] ?? 'en';
  return Object.hasOwn(BY_LANGUAGE, base) ? base : 'en';
}
