"""Apache Superset against paimon-sql, driven in headless Chromium as a person would.

Usage: python superset_e2e.py SUPERSET_URL MYSQL_URI ARTIFACTS_DIR

Superset runs at SUPERSET_URL with an admin account admin/admin and no
database; MYSQL_URI (mysql+pymysql://...) points at a paimon-sql serving the
demo warehouse. The script logs in, adds the database through Settings >
Database Connections > + Database, browses the schema `demo` and the columns
of `merge_on_read` in SQL Lab, runs a GROUP BY and a `$snapshots` query there,
and opens a bar chart of SUM(v0) by s1. Each step leaves a screenshot in
ARTIFACTS_DIR. What the UI showed, and what Superset's REST API answers for
the same objects, is printed as one JSON document on stdout; the Go test
(tests/superset_test.go) compares it with what go-sql-driver reads from
paimon-sql. Any step that fails raises, with a screenshot of the page.
"""
import json
import os
import re
import sys
import tempfile
import time
import urllib.parse

import requests
from selenium import webdriver
from selenium.common.exceptions import ElementClickInterceptedException, StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import WebDriverWait

DATABASE_NAME = "paimon"
SCHEMA = "demo"
TABLE = "merge_on_read"
GROUP_BY_SQL = "SELECT s1, SUM(v0) AS total FROM demo.merge_on_read GROUP BY s1 ORDER BY s1"
SNAPSHOTS_SQL = "SELECT snapshot_id, commit_kind FROM demo.`merge_on_read$snapshots` ORDER BY snapshot_id"
# The longest wait for one page or answer, in seconds: Superset is slow on a
# loaded two-core machine (each API call opens a connection and reflects).
WAIT = 180


def chromium():
    # The flags a root user without outside network needs (see the brief in
    # tests/superset_test.go); a fresh profile each run.
    opts = webdriver.ChromeOptions()
    opts.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--window-size=1400,900"):
        opts.add_argument(flag)
    opts.add_argument("--user-data-dir=" + tempfile.mkdtemp(prefix="chromium-profile-"))
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(service=service, options=opts)


class Run:
    def __init__(self, base, uri, artifacts):
        self.base, self.uri, self.artifacts = base.rstrip("/"), uri, artifacts
        self.driver = chromium()
        self.wait = WebDriverWait(self.driver, WAIT)
        self.report = {"screenshots": []}
        self.shot_no = 0

    def shot(self, name):
        self.shot_no += 1
        path = os.path.join(self.artifacts, "%02d-%s.png" % (self.shot_no, name))
        self.driver.save_screenshot(path)
        self.report["screenshots"].append(path)

    def visible(self, by, what):
        return self.wait.until(ec.visibility_of_element_located((by, what)))

    def clickable(self, by, what):
        return self.wait.until(ec.element_to_be_clickable((by, what)))

    def click(self, by, what):
        # React re-renders the tree and the modal while they load: an element
        # found a moment ago may be gone, or covered; find it again.
        def attempt(d):
            try:
                ec.element_to_be_clickable((by, what))(d).click()
                return True
            except (StaleElementReferenceException, ElementClickInterceptedException, AttributeError):
                return False
        self.wait.until(attempt)

    def text_appears(self, by, what, text):
        self.wait.until(ec.text_to_be_present_in_element((by, what), text))

    # The steps, in the order a person takes them.

    def login(self):
        self.driver.get(self.base + "/login/")
        self.visible(By.ID, "username").send_keys("admin")
        self.driver.find_element(By.ID, "password").send_keys("admin")
        self.shot("login")
        self.driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        self.wait.until(lambda d: "/login" not in d.current_url)

    def add_database(self):
        # Settings > Database Connections, + Database, MySQL, then the
        # SQLAlchemy URI form (the MySQL form builds mysql://, not pymysql).
        self.driver.get(self.base + "/databaseview/list/")
        self.click(By.CSS_SELECTOR, "[data-test=btn-create-database]")
        self.click(By.CSS_SELECTOR, "[aria-label=MySQL]")
        self.click(By.CSS_SELECTOR, "[data-test=sqla-connect-btn]")
        name = self.clickable(By.CSS_SELECTOR, "[data-test=database-name-input]")
        name.send_keys(Keys.CONTROL, "a")
        name.send_keys(DATABASE_NAME)
        self.driver.find_element(By.CSS_SELECTOR, "[data-test=sqlalchemy-uri-input]").send_keys(self.uri)
        self.click(By.XPATH, "//button[normalize-space()='Test connection']")
        self.text_appears(By.TAG_NAME, "body", "Connection looks good!")
        self.shot("test-connection")
        self.click(By.CSS_SELECTOR, "[data-test=btn-submit-connection]")
        self.text_appears(By.TAG_NAME, "body", "Database connected")
        # The list refreshes itself, but can read before the new row is
        # committed (once, in CI, it showed "No Data" and never refreshed):
        # load it again until the row is there, as a person would.
        deadline = time.monotonic() + WAIT
        while True:
            self.driver.get(self.base + "/databaseview/list/")
            try:
                WebDriverWait(self.driver, 15).until(
                    ec.text_to_be_present_in_element((By.CSS_SELECTOR, "[data-test=listview-table]"), DATABASE_NAME))
                break
            except TimeoutException:
                if time.monotonic() > deadline:
                    raise
        self.shot("database-list")

    def sql_lab(self, db_id, sql, name):
        # SQL Lab opens a tab on the database and schema with the text
        # given in its URL (as its "share query" links do); Run runs it.
        query = urllib.parse.urlencode({"dbid": db_id, "schema": SCHEMA, "sql": sql})
        self.driver.get(self.base + "/sqllab/?" + query)
        self.click(By.CSS_SELECTOR, "[data-test=run-query-action]")
        pane = "[data-test=south-pane]"
        # The row count badge appears with the results; an error shows an
        # alert instead (anything else times out, with the page's screenshot).
        try:
            self.wait.until(lambda d: re.search(r"\b\d+ rows?\b", d.find_element(By.CSS_SELECTOR, pane).text)
                            or d.find_elements(By.CSS_SELECTOR, pane + " .ant-alert"))
        finally:
            self.shot(name)
        alerts = self.driver.find_elements(By.CSS_SELECTOR, pane + " .ant-alert")
        if alerts:
            raise RuntimeError("SQL Lab: %s: %s" % (sql, alerts[0].text))
        return self.driver.find_element(By.CSS_SELECTOR, pane).text

    def browse(self, db_id):
        # The schema tree of SQL Lab's left bar: open `demo`, then the table
        # (SQL Lab opens a tab only for a URL with a query text).
        query = urllib.parse.urlencode({"dbid": db_id, "schema": SCHEMA, "sql": "SELECT 1"})
        self.driver.get(self.base + "/sqllab/?" + query)
        left = "[data-test=sql-editor-left-bar]"
        node = ("//*[@data-test='sql-editor-left-bar']//*[not(ancestor-or-self::*[@data-test='DatabaseSelector'])]"
                "[normalize-space(text())='%s']")
        self.click(By.XPATH, node % SCHEMA)
        self.click(By.XPATH, node % TABLE)
        self.text_appears(By.CSS_SELECTOR, left, "v2")
        self.shot("schema-browser")
        return self.driver.find_element(By.CSS_SELECTOR, left).text

    def chart(self, chart_id):
        # Explore shows the saved chart and runs its query; ECharts draws
        # the bars into a canvas, and the row count of the answer shows.
        self.driver.get(self.base + "/explore/?slice_id=%d" % chart_id)
        self.visible(By.CSS_SELECTOR, "canvas")
        self.wait.until(lambda d: re.search(r"\b\d+ rows\b", d.find_element(By.TAG_NAME, "body").text))
        self.shot("bar-chart")
        return re.search(r"\b(\d+) rows\b", self.driver.find_element(By.TAG_NAME, "body").text).group(1)


class Api:
    """Superset's REST API as the admin, with its CSRF token."""

    def __init__(self, base):
        self.base = base.rstrip("/")
        self.s = requests.Session()
        r = self.s.post(self.base + "/api/v1/security/login",
                        json={"username": "admin", "password": "admin", "provider": "db", "refresh": False})
        r.raise_for_status()
        self.s.headers["Authorization"] = "Bearer " + r.json()["access_token"]
        self.s.headers["X-CSRFToken"] = self.get("/api/v1/security/csrf_token/")["result"]
        self.s.headers["Referer"] = self.base

    def get(self, path):
        r = self.s.get(self.base + path, timeout=WAIT)
        if r.status_code != 200:
            raise RuntimeError("GET %s: %d %s" % (path, r.status_code, r.text[:2000]))
        return r.json()

    def post(self, path, body):
        r = self.s.post(self.base + path, json=body, timeout=WAIT)
        if r.status_code not in (200, 201):
            raise RuntimeError("POST %s: %d %s" % (path, r.status_code, r.text[:2000]))
        return r.json()


def bar_chart(api, db_id):
    """A bar chart of SUM(v0) by s1 on the table, saved as Explore saves it."""
    dataset = api.post("/api/v1/dataset/", {"database": db_id, "schema": SCHEMA, "table_name": TABLE})["id"]
    metric = {"expressionType": "SIMPLE", "column": {"column_name": "v0"}, "aggregate": "SUM", "label": "SUM(v0)"}
    params = {"datasource": "%d__table" % dataset, "viz_type": "echarts_timeseries_bar", "x_axis": "s1",
              "metrics": [metric], "groupby": [], "adhoc_filters": [], "row_limit": 1000}
    query_context = {"datasource": {"id": dataset, "type": "table"}, "force": True,
                     "queries": [{"columns": ["s1"], "metrics": [metric], "orderby": [], "row_limit": 1000}],
                     "result_format": "json", "result_type": "full", "form_data": params}
    return api.post("/api/v1/chart/", {"slice_name": "v0 by s1", "viz_type": "echarts_timeseries_bar",
                                       "datasource_id": dataset, "datasource_type": "table",
                                       "params": json.dumps(params),
                                       "query_context": json.dumps(query_context)})["id"]


def main():
    base, uri, artifacts = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(artifacts, exist_ok=True)
    run = Run(base, uri, artifacts)
    rep = run.report
    try:
        run.login()
        run.add_database()
        api = Api(base)
        dbs = api.get("/api/v1/database/?q=" + urllib.parse.quote(
            "(filters:!((col:database_name,opr:eq,value:%s)))" % DATABASE_NAME))["result"]
        if len(dbs) != 1:
            raise RuntimeError("the database added in the UI is not listed once: %r" % dbs)
        db_id = dbs[0]["id"]
        rep["database"] = api.get("/api/v1/database/%d/connection" % db_id)["result"]["sqlalchemy_uri"]

        rep["ui_tree"] = run.browse(db_id)
        rep["ui_group_by"] = run.sql_lab(db_id, GROUP_BY_SQL, "sqllab-group-by")
        rep["ui_snapshots"] = run.sql_lab(db_id, SNAPSHOTS_SQL, "sqllab-snapshots")

        rep["api_schemas"] = api.get("/api/v1/database/%d/schemas/" % db_id)["result"]
        rep["api_tables"] = [t["value"] for t in api.get(
            "/api/v1/database/%d/tables/?q=(schema_name:%s)" % (db_id, SCHEMA))["result"]]
        meta = api.get("/api/v1/database/%d/table_metadata/?name=%s&schema=%s" % (db_id, TABLE, SCHEMA))
        rep["api_columns"] = [[c["name"], c["type"]] for c in meta["columns"]]
        rep["api_snapshots"] = api.post("/api/v1/sqllab/execute/", {
            "database_id": db_id, "schema": SCHEMA, "sql": SNAPSHOTS_SQL, "runAsync": False})["data"]

        chart_id = bar_chart(api, db_id)
        rep["ui_chart_rows"] = int(run.chart(chart_id))
        result = api.get("/api/v1/chart/%d/data/?force=true" % chart_id)["result"][0]
        rep["chart_query"] = result["query"]
        rep["chart_data"] = result["data"]
    except Exception as e:  # the page as it was, for the failure's report
        run.shot("failure")
        rep["error"] = "%s: %s" % (type(e).__name__, str(e).split("\nStacktrace:")[0])
    finally:
        run.driver.quit()
        print(json.dumps(rep))


if __name__ == "__main__":
    main()
